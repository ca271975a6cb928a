import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ProviderSpec } from '../config/provider-spec';
import { displayNameFor } from '../config/model-display-name';
import type {
  ChatCallOptions,
  ChatChunk,
  ChatMessage,
  ChatModel,
  EmbeddingModel,
  TokenUsage,
} from '../model.ports';
import { finishReasonOf } from './finish-reason';
import { embeddingVector } from './embedding-vector';
import { leanProviderFetch } from './provider-fetch';
import { sdkChatModel } from './sdk-chat-model';
import type { ChatChunkFeed } from './async-iterable.observable';
import { joinChatChunks } from './chat-chunk-joining';
import { sseJsonEvents } from './sse-json-events';
import { batchedEmbeddingModel, type ModelLists, type ProviderAdapter } from './provider-adapter';

/** Ids that are neither chat nor embedding models (speech, images, moderation, legacy completion). */
const NOT_CHAT =
  /whisper|tts|dall-e|image|moderation|davinci|babbage|audio|realtime|transcribe|search|computer-use/i;
const EMBEDDING = /embed/i;

/** OpenAI and every OpenAI-compatible server (vLLM, llama.cpp, LiteLLM, OpenRouter, Groq, LM Studio...). */
export class OpenAiAdapter implements ProviderAdapter {
  private readonly client: OpenAI;
  /** 'float' once the server rejected a base64 request and accepted the same one as 'float'. */
  private embeddingEncoding: 'base64' | 'float' = 'base64';

  constructor(
    private readonly spec: ProviderSpec,
    private readonly defaultTimeoutMs: number,
  ) {
    this.client = new OpenAI({
      // Local servers accept any key; the SDK refuses to start without one.
      apiKey: spec.config.apiKey ?? 'not-needed',
      baseURL: spec.config.baseURL,
      maxRetries: spec.config.maxRetries ?? 1,
      defaultHeaders: spec.config.headers,
      fetch: leanProviderFetch(),
    });
  }

  async discoverModels(signal: AbortSignal): Promise<ModelLists> {
    const ids: string[] = [];
    for await (const model of this.client.models.list({ signal })) ids.push(model.id);
    ids.sort();
    return {
      chatModels: ids
        .filter((id) => !EMBEDDING.test(id) && !NOT_CHAT.test(id))
        .map((key) => ({ key, name: displayNameFor(key) })),
      embeddingModels: ids
        .filter((id) => EMBEDDING.test(id))
        .map((key) => ({ key, name: displayNameFor(key) })),
    };
  }

  chatModel(key: string): ChatModel {
    const { client, spec, defaultTimeoutMs } = this;
    const body = (messages: readonly ChatMessage[], options?: ChatCallOptions) => ({
      model: key,
      messages: messages.map((m): ChatCompletionMessageParam => ({
        role: m.role,
        content: m.content,
      })),
      temperature: options?.temperature,
      top_p: options?.topP,
      max_tokens: options?.maxTokens,
      ...(options?.stop?.length ? { stop: [...options.stop] } : {}),
      ...(options?.json ? { response_format: { type: 'json_object' as const } } : {}),
    });
    return sdkChatModel(spec, key, defaultTimeoutMs, {
      stream: async (messages, options, signal) => {
        // The SDK builds, sends and retries the request and throws its errors for a failed status;
        // the event stream of the answer is decoded here (sse-json-events.ts says why).
        const response = await client.chat.completions
          .create(
            { ...body(messages, options), stream: true, stream_options: { include_usage: true } },
            { signal, timeout: options?.timeoutMs ?? defaultTimeoutMs },
          )
          .asResponse();
        return chatChunks(response);
      },
      complete: async (messages, options, signal) => {
        const completion = await client.chat.completions.create(body(messages, options), {
          signal,
          timeout: options?.timeoutMs ?? defaultTimeoutMs,
        });
        return {
          text: completion.choices[0]?.message?.content ?? '',
          usage: usageOf(completion.usage),
          finishReason: finishReasonOf(completion.choices[0]?.finish_reason, 'length'),
        };
      },
    });
  }

  embeddingModel(key: string): EmbeddingModel {
    const { client, spec, defaultTimeoutMs } = this;
    return batchedEmbeddingModel(
      spec,
      key,
      spec.config.embeddingBatchSize || 256,
      defaultTimeoutMs,
      async (batch, signal, options) => {
        const call = (encoding_format: 'base64' | 'float') =>
          client.embeddings.create(
            { model: key, input: batch, encoding_format },
            { signal, timeout: options?.timeoutMs ?? defaultTimeoutMs },
          );
        let result: OpenAI.CreateEmbeddingResponse;
        if (this.embeddingEncoding === 'float') {
          result = await call('float');
        } else {
          try {
            result = await call('base64');
          } catch (error) {
            if (!rejectsEncoding(error)) throw error;
            // The request as sent before base64 was asked; if it fails too, its error is reported.
            result = await call('float');
            this.embeddingEncoding = 'float';
          }
        }
        return [...result.data]
          .sort((a, b) => a.index - b.index)
          .map((item) => embeddingVector(item.embedding as number[] | string));
      },
    );
  }
}

/**
 * A 400 or 422 to a base64 request may be a server that only speaks 'float' (a strict schema
 * answers 422, others 400), so it is asked again once with 'float', which is remembered only if
 * that succeeds (a 400 about something else, e.g. an input too long, fails the same way again and
 * keeps base64). vLLM, llama.cpp's server and recent Ollama /v1 decode base64; LM Studio and older
 * Ollama/llama.cpp ignore the field and send arrays, which embeddingVector takes as they are.
 * Authentication (401/403), 404, 429 and 5xx are not about the encoding: they fail as before.
 */
function rejectsEncoding(error: unknown): boolean {
  return error instanceof OpenAI.APIError && (error.status === 400 || error.status === 422);
}

function chatChunks(response: Response): ChatChunkFeed {
  const body = response.body as unknown as AsyncIterable<Uint8Array> | null;
  if (!body) throw new OpenAI.OpenAIError('Attempted to iterate over a response with no body');
  return (emit) =>
    sseJsonEvents(
      body,
      emit,
      (event): ChatChunk => {
        const chunk = event as OpenAI.ChatCompletionChunk & { error?: unknown };
        // What the SDK's stream does with an error sent inside a 200 stream.
        if (chunk?.error)
          throw new OpenAI.APIError(undefined, chunk.error, undefined, response.headers);
        return {
          text: chunk.choices?.[0]?.delta?.content ?? '',
          usage: usageOf(chunk.usage),
          finishReason: finishReasonOf(chunk.choices?.[0]?.finish_reason, 'length'),
        };
      },
      joinChatChunks,
    );
}

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): TokenUsage | undefined {
  if (!usage) return undefined;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens,
  };
}
