/* eslint-disable @typescript-eslint/no-require-imports -- adapters are required on first use, see below */
import { BuiltinAdapter } from './builtin/builtin.adapter';
import type { ProviderSpec } from './config/provider-spec';
import type { ProviderAdapter } from './adapters/provider-adapter';

/**
 * The adapter speaking this provider type's protocol. An adapter module, and the SDK it wraps, is
 * loaded when a provider of its type is first configured: the SDKs cost 10-18 MiB of resident
 * memory each (openai 10, @anthropic-ai/sdk 17, @google/genai 18), and most deployments use one or
 * two provider types.
 */
export function createAdapter(spec: ProviderSpec, defaultTimeoutMs: number): ProviderAdapter {
  const timeoutMs = spec.config.timeoutMs || defaultTimeoutMs;
  switch (spec.type) {
    case 'builtin':
      return new BuiltinAdapter(spec);
    case 'openai': {
      const { OpenAiAdapter } =
        require('./adapters/openai.adapter') as typeof import('./adapters/openai.adapter');
      return new OpenAiAdapter(spec, timeoutMs);
    }
    case 'ollama': {
      const { OllamaAdapter } =
        require('./adapters/ollama.adapter') as typeof import('./adapters/ollama.adapter');
      return new OllamaAdapter(spec, timeoutMs);
    }
    case 'anthropic': {
      const { AnthropicAdapter } =
        require('./adapters/anthropic.adapter') as typeof import('./adapters/anthropic.adapter');
      return new AnthropicAdapter(spec, timeoutMs);
    }
    case 'gemini': {
      const { GeminiAdapter } =
        require('./adapters/gemini.adapter') as typeof import('./adapters/gemini.adapter');
      return new GeminiAdapter(spec, timeoutMs);
    }
  }
}
