import { Ollama, type Message } from 'ollama';
import { displayNameFor } from '../config/model-display-name';
import type { ProviderSpec } from '../config/provider-spec';
import type {
  ChatCallOptions,
  ChatChunk,
  ChatMessage,
  ChatModel,
  EmbeddingModel,
} from '../model.ports';
import { finishReasonOf } from './finish-reason';
import { providerFetch } from './provider-fetch';
import { sdkChatModel } from './sdk-chat-model';
import { batchedEmbeddingModel, type ModelLists, type ProviderAdapter } from './provider-adapter';

const EMBEDDING = /embed|bge|minilm|e5-|gte-|arctic-embed|paraphrase/i;
const EMBEDDING_FAMILIES = new Set(['bert', 'nomic-bert', 'xlm-roberta']);

/** Ollama's native API (/api/chat streaming NDJSON, /api/embed, /api/tags) through ollama-js. */
export class OllamaAdapter implements ProviderAdapter {
  // One agent for the provider, shared by the per-call clients below.
  private readonly fetch = providerFetch();

  constructor(
    private readonly spec: ProviderSpec,
    private readonly defaultTimeoutMs: number,
  ) {}

  async discoverModels(signal: AbortSignal): Promise<ModelLists> {
    const { models } = await this.client(signal).list();
    const isEmbedding = (model: (typeof models)[number]) =>
      EMBEDDING.test(model.name) ||
      (model.details?.families ?? [model.details?.family]).some((f) => EMBEDDING_FAMILIES.has(f));
    const describe = (model: (typeof models)[number]) => ({
      key: model.name,
      name: displayNameFor(model.name),
    });
    const sorted = [...models].sort((a, b) => a.name.localeCompare(b.name));
    return {
      chatModels: sorted.filter((model) => !isEmbedding(model)).map(describe),
      embeddingModels: sorted.filter(isEmbedding).map(describe),
    };
  }

  chatModel(key: string): ChatModel {
    const { spec, defaultTimeoutMs } = this;
    const request = (messages: readonly ChatMessage[], options?: ChatCallOptions) => ({
      model: key,
      messages: messages.map((m): Message => ({ role: m.role, content: m.content })),
      ...(options?.json ? { format: 'json' } : {}),
      options: {
        temperature: options?.temperature,
        top_p: options?.topP,
        num_predict: options?.maxTokens,
        ...(options?.stop?.length ? { stop: [...options.stop] } : {}),
      },
    });
    const usageOf = (part: { prompt_eval_count?: number; eval_count?: number }) =>
      part.eval_count === undefined
        ? undefined
        : {
            promptTokens: part.prompt_eval_count ?? 0,
            completionTokens: part.eval_count,
            totalTokens: (part.prompt_eval_count ?? 0) + part.eval_count,
          };
    return sdkChatModel(spec, key, defaultTimeoutMs, {
      stream: async (messages, options, signal) => {
        const parts = await this.client(signal).chat({
          ...request(messages, options),
          stream: true,
        });
        return (async function* (): AsyncIterable<ChatChunk> {
          for await (const part of parts) {
            yield {
              text: part.message?.content ?? '',
              usage: part.done ? usageOf(part) : undefined,
              finishReason: part.done ? finishReasonOf(part.done_reason, 'length') : undefined,
            };
          }
        })();
      },
      complete: async (messages, options, signal) => {
        const response = await this.client(signal).chat({
          ...request(messages, options),
          stream: false,
        });
        return {
          text: response.message?.content ?? '',
          usage: usageOf(response),
          finishReason: finishReasonOf(response.done_reason, 'length'),
        };
      },
    });
  }

  embeddingModel(key: string): EmbeddingModel {
    const { spec, defaultTimeoutMs } = this;
    return batchedEmbeddingModel(
      spec,
      key,
      spec.config.embeddingBatchSize || 64,
      defaultTimeoutMs,
      async (batch, signal) => {
        const { embeddings } = await this.client(signal).embed({ model: key, input: batch });
        return embeddings;
      },
    );
  }

  /**
   * ollama-js takes no per-call AbortSignal (only abort-all); a client per call whose fetch carries
   * this call's signal lets one call be cancelled, closing its connection, without touching others.
   */
  private client(signal: AbortSignal): Ollama {
    return new Ollama({
      host: this.spec.config.baseURL ?? 'http://127.0.0.1:11434',
      headers: {
        ...this.spec.config.headers,
        ...(this.spec.config.apiKey ? { Authorization: `Bearer ${this.spec.config.apiKey}` } : {}),
      },
      fetch: (input, init) =>
        this.fetch(input, {
          ...init,
          signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
        }),
    });
  }
}
