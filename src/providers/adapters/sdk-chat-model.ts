import type {
  ChatCallOptions,
  ChatChunk,
  ChatCompletion,
  ChatMessage,
  ChatModel,
} from '../model.ports';
import type { ProviderSpec } from '../config/provider-spec';
import { type ChatChunkFeed, observeChatStream, runModelCall } from './async-iterable.observable';

/** The two calls a provider's SDK makes for a chat model; the signal carries the deadline and cancel. */
export interface SdkChatCalls {
  stream(
    messages: readonly ChatMessage[],
    options: ChatCallOptions | undefined,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatChunk> | ChatChunkFeed>;
  complete(
    messages: readonly ChatMessage[],
    options: ChatCallOptions | undefined,
    signal: AbortSignal,
  ): Promise<ChatCompletion>;
}

/**
 * A ChatModel from a provider's two SDK calls: every adapter's model gets the same identity,
 * deadline (the call's timeout, else the provider's), cancellation and error mapping.
 */
export function sdkChatModel(
  spec: ProviderSpec,
  key: string,
  defaultTimeoutMs: number,
  calls: SdkChatCalls,
): ChatModel {
  const subject = { providerName: spec.name, key };
  return {
    providerId: spec.id,
    providerName: spec.name,
    key,
    stream: (messages, options) =>
      observeChatStream(subject, options, defaultTimeoutMs, (signal) =>
        calls.stream(messages, options, signal),
      ),
    complete: (messages, options) =>
      runModelCall(subject, options, defaultTimeoutMs, (signal) =>
        calls.complete(messages, options, signal),
      ),
  };
}
