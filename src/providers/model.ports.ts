import type { Observable } from 'rxjs';

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  readonly role: ChatRole;
  readonly content: string;
}

export interface ModelCallOptions {
  /** Aborting ends the HTTP request to the provider at once. */
  readonly signal?: AbortSignal;
  /** Upper bound for the whole call; the provider's default applies when absent. */
  readonly timeoutMs?: number;
}

export interface ChatCallOptions extends ModelCallOptions {
  readonly temperature?: number;
  readonly topP?: number;
  readonly maxTokens?: number;
  /** The answer ends before the first of these (OpenAI's stop); at most four. */
  readonly stop?: readonly string[];
  /** Ask for a JSON object as output where the provider supports it (planning step). */
  readonly json?: boolean;
  /**
   * The search's optimization mode. Remote models ignore it; the built-in extractive model
   * writes longer answers in quality mode (speed 4 sentences, balanced 6, quality 9).
   */
  readonly optimizationMode?: 'speed' | 'balanced' | 'quality';
  /**
   * What a json call is for when it is not query planning. Remote models follow the prompt and
   * ignore it; the built-in extractive model, which cannot follow instructions, picks its task by
   * it (follow-up-questions: {"questions": [...]} written from the conversation and sources).
   */
  readonly purpose?: 'follow-up-questions';
}

export interface TokenUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

/**
 * Why a model stopped writing: `stop` at the end of its answer, `length` at the token limit
 * (maxTokens or the model's own), so the text is cut short.
 */
export type FinishReason = 'stop' | 'length';

/**
 * One piece of a streamed answer; the last chunk may carry usage when the provider reports it,
 * and why the model stopped when it says.
 */
export interface ChatChunk {
  readonly text: string;
  readonly usage?: TokenUsage;
  readonly finishReason?: FinishReason;
}

export interface ChatCompletion {
  readonly text: string;
  readonly usage?: TokenUsage;
  readonly finishReason?: FinishReason;
}

export interface ChatModel {
  readonly providerId: string;
  readonly providerName: string;
  readonly key: string;
  /**
   * True for a model that can only quote what it is given (the built-in extractive model): steps
   * that need new text from a model, such as query planning and related questions, then do their
   * offline equivalent instead of asking it.
   */
  readonly extractiveOnly?: boolean;
  /** Emits text chunks as the model produces them; unsubscribing aborts the upstream request. */
  stream(messages: readonly ChatMessage[], options?: ChatCallOptions): Observable<ChatChunk>;
  complete(messages: readonly ChatMessage[], options?: ChatCallOptions): Promise<ChatCompletion>;
}

/**
 * One embedding: a number array, or a Float32Array over the bytes a provider sent as base64.
 * Consumers only read its length and its numbers by index.
 */
export type EmbeddingVector = ArrayLike<number>;

export interface EmbeddingModel {
  readonly providerId: string;
  readonly providerName: string;
  readonly key: string;
  /**
   * True when the vectors only count shared words and character n-grams (the built-in hashing
   * model): search then weighs its order as one lexical order among others, not as meaning.
   */
  readonly lexicalOnly?: boolean;
  /** One vector per text, in order; batched to the provider's limit internally. */
  embed(texts: readonly string[], options?: ModelCallOptions): Promise<EmbeddingVector[]>;
}

export interface ModelDescriptor {
  readonly name: string;
  readonly key: string;
}

/** A provider as GET /api/providers lists it. */
export interface ProviderDescriptor {
  readonly id: string;
  readonly name: string;
  /** Adapter type: openai, ollama, anthropic, gemini or builtin. */
  readonly type: string;
  readonly chatModels: readonly ModelDescriptor[];
  readonly embeddingModels: readonly ModelDescriptor[];
}

/**
 * The providers module's public face: what is active, and the models by provider id and key.
 * chatModel/embeddingModel throw InvalidModelSelectionError (400) naming what would be valid.
 */
export interface ModelRegistry {
  listActive(): readonly ProviderDescriptor[];
  chatModel(providerId: string, key: string): ChatModel;
  embeddingModel(providerId: string, key: string): EmbeddingModel;
}

export const MODEL_REGISTRY = Symbol('providers:model-registry');
