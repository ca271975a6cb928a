/** Every provider variable unset, so the machine's environment cannot leak into a test. */
export const UNSET_PROVIDER_ENV: Record<string, string | undefined> = {
  PROVIDERS_FILE: undefined,
  BUILTIN_PROVIDER: undefined,
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
  OLLAMA_BASE_URL: undefined,
  ANTHROPIC_API_KEY: undefined,
  GEMINI_API_KEY: undefined,
  GROQ_API_KEY: undefined,
  DEEPSEEK_API_KEY: undefined,
  LMSTUDIO_BASE_URL: undefined,
};

/** Only the built-in provider, with a bounded wait for start-up discovery. */
export const NO_PROVIDER_ENV: Record<string, string | undefined> = {
  ...UNSET_PROVIDER_ENV,
  PROVIDER_STARTUP_WAIT_MS: '3000',
};
