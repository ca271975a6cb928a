import { Observable, tap } from 'rxjs';
import type {
  ChatCallOptions,
  ChatChunk,
  ChatCompletion,
  ChatMessage,
  FinishReason,
  TokenUsage,
} from '../../providers';
import { ForwardingChatModel } from './forwarding-chat.model';
import { countPromptTokens, countTextTokens } from './token-counter';

interface CallRecord {
  readonly messages: readonly ChatMessage[];
  text: string;
  reported?: TokenUsage;
}

/**
 * A chat model that remembers every call made through it during one request (query planning,
 * the answer, related questions), so that usage covers them all. A provider's reported usage is
 * used as is; calls without one are counted with the tokenizer, only when usage is read.
 */
export class UsageMeter extends ForwardingChatModel {
  private readonly calls: CallRecord[] = [];
  private answerFinish: FinishReason = 'stop';

  stream(messages: readonly ChatMessage[], options?: ChatCallOptions): Observable<ChatChunk> {
    const record: CallRecord = { messages, text: '' };
    this.calls.push(record);
    return this.model.stream(messages, options).pipe(
      tap((chunk) => {
        record.text += chunk.text;
        if (chunk.usage) record.reported = chunk.usage;
        if (chunk.finishReason) this.answerFinish = chunk.finishReason;
      }),
    );
  }

  async complete(
    messages: readonly ChatMessage[],
    options?: ChatCallOptions,
  ): Promise<ChatCompletion> {
    const record: CallRecord = { messages, text: '' };
    this.calls.push(record);
    const completion = await this.model.complete(messages, options);
    record.text = completion.text;
    if (completion.usage) record.reported = completion.usage;
    return completion;
  }

  /**
   * Why the answer ended: `length` when the model stopped at the token limit. The answer is the
   * one call streamed (planning and related questions are asked whole).
   */
  finishReason(): FinishReason {
    return this.answerFinish;
  }

  /** Usage of every call so far, in OpenAI's field names. */
  usage(): { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
    let prompt = 0;
    let completion = 0;
    for (const call of this.calls) {
      if (call.reported) {
        prompt += call.reported.promptTokens;
        completion += call.reported.completionTokens;
      } else {
        prompt += countPromptTokens(call.messages);
        completion += countTextTokens(call.text);
      }
    }
    return {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    };
  }
}
