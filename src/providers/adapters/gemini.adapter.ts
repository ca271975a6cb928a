import { GoogleGenAI, type Content, type GenerateContentConfig } from '@google/genai';
import type { ProviderSpec } from '../config/provider-spec';
import { displayNameFor } from '../config/model-display-name';
import type {
  ChatCallOptions,
  ChatChunk,
  ChatMessage,
  ChatModel,
  EmbeddingModel,
  ModelDescriptor,
  TokenUsage,
} from '../model.ports';
import { finishReasonOf } from './finish-reason';
import { providerFetch } from './provider-fetch';
import { sdkChatModel } from './sdk-chat-model';
import { batchedEmbeddingModel, type ModelLists, type ProviderAdapter } from './provider-adapter';

/** Google's Gemini API (streamGenerateContent, batchEmbedContents, models) through @google/genai. */
export class GeminiAdapter implements ProviderAdapter {
  private readonly client: GoogleGenAI;

  constructor(
    private readonly spec: ProviderSpec,
    private readonly defaultTimeoutMs: number,
  ) {
    this.client = new GoogleGenAI({
      apiKey: spec.config.apiKey,
      httpOptions: {
        // The SDK's default path swaps in a dispatcher found on a Node-internal global (missing
        // under test sandboxes); the adapter's own fetch is enough, since every call has its own deadline.
        fetch: providerFetch(),
        ...(spec.config.baseURL ? { baseUrl: spec.config.baseURL } : {}),
        ...(spec.config.headers ? { headers: { ...spec.config.headers } } : {}),
      },
    });
  }

  async discoverModels(signal: AbortSignal): Promise<ModelLists> {
    const chatModels: ModelDescriptor[] = [];
    const embeddingModels: ModelDescriptor[] = [];
    const pager = await this.client.models.list({ config: { abortSignal: signal } });
    for await (const model of pager) {
      if (!model.name) continue;
      const key = model.name.replace(/^models\//, '');
      const described = { key, name: model.displayName || displayNameFor(key) };
      const actions = model.supportedActions ?? [];
      if (actions.includes('generateContent')) chatModels.push(described);
      if (actions.includes('embedContent')) embeddingModels.push(described);
    }
    return { chatModels, embeddingModels };
  }

  chatModel(key: string): ChatModel {
    const { client, spec, defaultTimeoutMs } = this;
    const request = (
      messages: readonly ChatMessage[],
      options: ChatCallOptions | undefined,
      signal: AbortSignal,
    ) => {
      const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
      const config: GenerateContentConfig = {
        abortSignal: signal,
        temperature: options?.temperature,
        topP: options?.topP,
        maxOutputTokens: options?.maxTokens,
        ...(options?.stop?.length ? { stopSequences: [...options.stop] } : {}),
        ...(system.length ? { systemInstruction: system.join('\n\n') } : {}),
        ...(options?.json ? { responseMimeType: 'application/json' } : {}),
      };
      const contents = messages
        .filter((m) => m.role !== 'system')
        .map((m): Content => ({
          role: m.role === 'assistant' ? 'model' : 'user',
          parts: [{ text: m.content }],
        }));
      return { model: key, contents, config };
    };
    return sdkChatModel(spec, key, defaultTimeoutMs, {
      stream: async (messages, options, signal) => {
        const responses = await client.models.generateContentStream(
          request(messages, options, signal),
        );
        return (async function* (): AsyncIterable<ChatChunk> {
          for await (const response of responses) {
            // Every chunk repeats the running usage; the one with a finish reason carries the total.
            const reason = response.candidates?.[0]?.finishReason;
            yield {
              text: response.text ?? '',
              usage: reason ? usageOf(response.usageMetadata) : undefined,
              finishReason: finishReasonOf(reason, 'MAX_TOKENS'),
            };
          }
        })();
      },
      complete: async (messages, options, signal) => {
        const response = await client.models.generateContent(request(messages, options, signal));
        return {
          text: response.text ?? '',
          usage: usageOf(response.usageMetadata),
          finishReason: finishReasonOf(response.candidates?.[0]?.finishReason, 'MAX_TOKENS'),
        };
      },
    });
  }

  embeddingModel(key: string): EmbeddingModel {
    const { client, spec, defaultTimeoutMs } = this;
    return batchedEmbeddingModel(
      spec,
      key,
      spec.config.embeddingBatchSize || 100, // the Gemini API's batch limit
      defaultTimeoutMs,
      async (batch, signal) => {
        const result = await client.models.embedContent({
          model: key,
          contents: batch,
          config: { abortSignal: signal },
        });
        return (result.embeddings ?? []).map((embedding) => embedding.values ?? []);
      },
    );
  }
}

function usageOf(
  usage:
    | { promptTokenCount?: number; candidatesTokenCount?: number; totalTokenCount?: number }
    | undefined,
): TokenUsage | undefined {
  if (!usage?.candidatesTokenCount && !usage?.totalTokenCount) return undefined;
  const prompt = usage.promptTokenCount ?? 0;
  const completion = usage.candidatesTokenCount ?? 0;
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: usage.totalTokenCount ?? prompt + completion,
  };
}
