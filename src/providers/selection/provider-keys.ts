import type { ProviderDescriptor } from '../model.ports';

/**
 * The provider names of Perplexica's older API, for the providers Quarry creates from environment
 * shortcuts (and the built-in one): GET /api/models lists providers under these keys and
 * { provider, name } resolves them.
 */
const KNOWN_KEYS: Readonly<Record<string, string>> = {
  'openai:OpenAI': 'openai',
  'ollama:Ollama': 'ollama',
  'anthropic:Anthropic': 'anthropic',
  'gemini:Google Gemini': 'gemini',
  'openai:Groq': 'groq',
  'openai:DeepSeek': 'deepseek',
  'openai:LM Studio': 'lmstudio',
  'builtin:Built-in (offline)': 'builtin',
};

/**
 * The short key of each provider, in listing order: the older API's name for a known provider,
 * else the provider name as a snake_case slug; a key already taken goes to the provider's id,
 * so every key names exactly one provider.
 */
export function providerKeys(providers: readonly ProviderDescriptor[]): Map<string, string> {
  const keys = new Map<string, string>();
  const taken = new Set<string>();
  for (const provider of providers) {
    const wanted = KNOWN_KEYS[`${provider.type}:${provider.name}`] ?? slug(provider.name);
    const key = wanted && !taken.has(wanted) ? wanted : provider.id;
    taken.add(key);
    keys.set(provider.id, key);
  }
  return keys;
}

/** Lower case, runs of anything but letters and digits as one underscore: "Local vLLM" -> "local_vllm". */
export function slug(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_|_$/g, '');
}
