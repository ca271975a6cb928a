import { BuiltinAdapter } from './builtin/builtin.adapter';
import type { ProviderSpec } from './config/provider-spec';
import { AnthropicAdapter } from './adapters/anthropic.adapter';
import { GeminiAdapter } from './adapters/gemini.adapter';
import { OllamaAdapter } from './adapters/ollama.adapter';
import { OpenAiAdapter } from './adapters/openai.adapter';
import type { ProviderAdapter } from './adapters/provider-adapter';

/** The adapter speaking this provider type's protocol. */
export function createAdapter(spec: ProviderSpec, defaultTimeoutMs: number): ProviderAdapter {
  const timeoutMs = spec.config.timeoutMs || defaultTimeoutMs;
  switch (spec.type) {
    case 'builtin':
      return new BuiltinAdapter(spec);
    case 'openai':
      return new OpenAiAdapter(spec, timeoutMs);
    case 'ollama':
      return new OllamaAdapter(spec, timeoutMs);
    case 'anthropic':
      return new AnthropicAdapter(spec, timeoutMs);
    case 'gemini':
      return new GeminiAdapter(spec, timeoutMs);
  }
}
