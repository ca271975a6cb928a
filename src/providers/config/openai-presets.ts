/** OpenAI-compatible servers by preset name: their usual base URL (any can be overridden by baseURL). */
export const OPENAI_PRESETS: Readonly<Record<string, string>> = {
  openai: 'https://api.openai.com/v1',
  groq: 'https://api.groq.com/openai/v1',
  deepseek: 'https://api.deepseek.com/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  lmstudio: 'http://localhost:1234/v1',
  vllm: 'http://localhost:8000/v1',
  llamacpp: 'http://localhost:8080/v1',
  litellm: 'http://localhost:4000/v1',
};
