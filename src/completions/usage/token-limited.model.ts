import { defer, map, takeWhile, type Observable } from 'rxjs';
import type { ChatCallOptions, ChatChunk, ChatCompletion, ChatMessage } from '../../providers';
import { ForwardingChatModel } from './forwarding-chat.model';
import { countTextTokens, firstTokens } from './token-counter';

/**
 * A model that cannot be given a token limit (the built-in extractive one writes whole sentences)
 * held to maxTokens as OpenAI holds its models: the answer is cut at the limit, counted with the
 * tokenizer usage is counted with, and its last chunk says finish reason length.
 */
export class TokenLimitedModel extends ForwardingChatModel {
  stream(messages: readonly ChatMessage[], options?: ChatCallOptions): Observable<ChatChunk> {
    const max = options?.maxTokens;
    if (max === undefined) return this.model.stream(messages, options);
    return defer(() => {
      let written = '';
      return this.model.stream(messages, options).pipe(
        map((chunk): ChatChunk => {
          const next = written + chunk.text;
          const kept = countTextTokens(next) <= max ? next : firstTokens(next, max);
          const text = kept.slice(written.length);
          written = kept;
          return kept === next ? chunk : { text, finishReason: 'length' };
        }),
        takeWhile((chunk) => chunk.finishReason !== 'length', true),
      );
    });
  }

  async complete(
    messages: readonly ChatMessage[],
    options?: ChatCallOptions,
  ): Promise<ChatCompletion> {
    const completion = await this.model.complete(messages, options);
    const max = options?.maxTokens;
    if (max === undefined || countTextTokens(completion.text) <= max) return completion;
    return { text: firstTokens(completion.text, max), finishReason: 'length' };
  }
}
