import { defer, map, takeWhile, type Observable } from 'rxjs';
import type { ChatCallOptions, ChatChunk, ChatCompletion, ChatMessage } from '../../providers';
import { ForwardingChatModel } from './forwarding-chat.model';
import { cutToTokens } from './token-counter';

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
          const cut = cutToTokens(next, max);
          if (cut === undefined) {
            written = next;
            return chunk;
          }
          return { text: cut.slice(written.length), finishReason: 'length' };
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
    const cut =
      options?.maxTokens === undefined
        ? undefined
        : cutToTokens(completion.text, options.maxTokens);
    return cut === undefined ? completion : { text: cut, finishReason: 'length' };
  }
}
