import Anthropic from '@anthropic-ai/sdk';
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
import { InvalidModelSelectionError } from '../model.errors';
import { leanProviderFetch } from './provider-fetch';
import { sdkChatModel } from './sdk-chat-model';
import type { ModelLists, ProviderAdapter } from './provider-adapter';

const JSON_INSTRUCTION = 'Reply with one JSON object and nothing else.';

/** Anthropic's Messages API (streamed events) through the official SDK; it has no embedding models. */
export class AnthropicAdapter implements ProviderAdapter {
  private readonly client: Anthropic;

  constructor(
    private readonly spec: ProviderSpec,
    private readonly defaultTimeoutMs: number,
  ) {
    this.client = new Anthropic({
      apiKey: spec.config.apiKey,
      baseURL: spec.config.baseURL,
      maxRetries: spec.config.maxRetries ?? 1,
      defaultHeaders: spec.config.headers,
      fetch: leanProviderFetch(),
    });
  }

  async discoverModels(signal: AbortSignal): Promise<ModelLists> {
    const chatModels: ModelLists['chatModels'][number][] = [];
    for await (const model of this.client.models.list({}, { signal })) {
      chatModels.push({ key: model.id, name: model.display_name || displayNameFor(model.id) });
    }
    return { chatModels, embeddingModels: [] };
  }

  chatModel(key: string): ChatModel {
    const { client, spec, defaultTimeoutMs } = this;
    const body = (messages: readonly ChatMessage[], options?: ChatCallOptions) => {
      const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
      if (options?.json) system.push(JSON_INSTRUCTION);
      return {
        model: key,
        max_tokens: options?.maxTokens ?? spec.config.maxTokens ?? 4096,
        ...(system.length ? { system: system.join('\n\n') } : {}),
        messages: alternating(messages),
        temperature: options?.temperature,
        top_p: options?.topP,
        ...(options?.stop?.length ? { stop_sequences: [...options.stop] } : {}),
      };
    };
    return sdkChatModel(spec, key, defaultTimeoutMs, {
      stream: async (messages, options, signal) => {
        const events = await client.messages.create(
          { ...body(messages, options), stream: true },
          { signal, timeout: options?.timeoutMs ?? defaultTimeoutMs },
        );
        return (async function* (): AsyncIterable<ChatChunk> {
          let input = 0;
          for await (const event of events) {
            if (event.type === 'message_start') input = event.message.usage.input_tokens;
            if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
              yield { text: event.delta.text };
            }
            if (event.type === 'message_delta') {
              yield {
                text: '',
                usage: usageOf(input, event.usage.output_tokens),
                finishReason: finishReasonOf(event.delta.stop_reason, 'max_tokens'),
              };
            }
          }
        })();
      },
      complete: async (messages, options, signal) => {
        const message = await client.messages.create(body(messages, options), {
          signal,
          timeout: options?.timeoutMs ?? defaultTimeoutMs,
        });
        const text = message.content
          .map((block) => (block.type === 'text' ? block.text : ''))
          .join('');
        return {
          text,
          usage: usageOf(message.usage.input_tokens, message.usage.output_tokens),
          finishReason: finishReasonOf(message.stop_reason, 'max_tokens'),
        };
      },
    });
  }

  embeddingModel(key: string): EmbeddingModel {
    throw new InvalidModelSelectionError(
      `${this.spec.name} has no embedding models (asked for ${key})`,
    );
  }
}

/** Anthropic wants user and assistant turns alternating, starting with user: merge neighbours. */
function alternating(messages: readonly ChatMessage[]): Anthropic.MessageParam[] {
  const turns: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const last = turns.at(-1);
    if (last?.role === message.role) last.content += `\n\n${message.content}`;
    else turns.push({ role: message.role, content: message.content });
  }
  if (turns[0]?.role === 'assistant') turns.unshift({ role: 'user', content: '(continuing)' });
  return turns;
}

function usageOf(input: number, output: number): TokenUsage {
  return { promptTokens: input, completionTokens: output, totalTokens: input + output };
}
