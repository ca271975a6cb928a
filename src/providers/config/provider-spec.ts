import type { ModelDescriptor } from '../model.ports';

export const PROVIDER_TYPES = ['openai', 'ollama', 'anthropic', 'gemini', 'builtin'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** Connection settings of one provider; every field is optional, adapters apply their defaults. */
export interface ProviderConnection {
  readonly apiKey?: string;
  readonly baseURL?: string;
  /** Upper bound of one model call when the caller gives none. */
  readonly timeoutMs?: number;
  /** Retries of the SDK on connection errors, 429 and 5xx (default 1). */
  readonly maxRetries?: number;
  /** Texts per embedding request (default depends on the provider). */
  readonly embeddingBatchSize?: number;
  /** Extra headers sent with every request (e.g. OpenRouter's HTTP-Referer). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Anthropic needs max_tokens on every call (default 4096). */
  readonly maxTokens?: number;
}

/** One configured provider, resolved from the providers file, the environment or the built-in default. */
export interface ProviderSpec {
  readonly id: string;
  readonly type: ProviderType;
  readonly name: string;
  readonly config: ProviderConnection;
  /** Given in the file: used as is, no discovery. */
  readonly chatModels?: readonly ModelDescriptor[];
  readonly embeddingModels?: readonly ModelDescriptor[];
  /** Where it came from, for start-up messages: "PROVIDERS_FILE entry 2", "OPENAI_API_KEY". */
  readonly origin: string;
}
