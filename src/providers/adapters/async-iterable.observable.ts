import { Observable } from 'rxjs';
import type { ChatChunk, ChatCallOptions } from '../model.ports';
import { CallDeadline } from './call-deadline';
import { toModelCallError, type CallSubject } from './model-call-error.mapper';

/** A streamed answer that pushes its chunks to `emit`, settling when the answer has ended. */
export type ChatChunkFeed = (emit: (chunk: ChatChunk) => void) => Promise<void>;

/**
 * Runs one streamed model call per subscription: the SDK iterable is read chunk by chunk (or the
 * feed pushes them), and unsubscribing (or the caller's signal, or the timeout) aborts the signal
 * the SDK request runs under, which closes the upstream HTTP connection at once.
 */
export function observeChatStream(
  subject: CallSubject,
  options: ChatCallOptions | undefined,
  defaultTimeoutMs: number,
  open: (
    signal: AbortSignal,
  ) => Promise<AsyncIterable<ChatChunk> | ChatChunkFeed> | AsyncIterable<ChatChunk> | ChatChunkFeed,
): Observable<ChatChunk> {
  return new Observable<ChatChunk>((subscriber) => {
    const deadline = new CallDeadline(options, defaultTimeoutMs);
    let finished = false;
    void (async () => {
      try {
        const answer = await open(deadline.signal);
        if (typeof answer === 'function') {
          // Unsubscribing aborts the call, which ends the feed; nothing is emitted after it.
          await answer((chunk) => {
            if (!subscriber.closed && (chunk.text || chunk.usage || chunk.finishReason))
              subscriber.next(chunk);
          });
        } else {
          for await (const chunk of answer) {
            if (subscriber.closed) return;
            if (chunk.text || chunk.usage || chunk.finishReason) subscriber.next(chunk);
          }
        }
        // Some SDKs end the iteration quietly when aborted; an abort is never a complete answer.
        if (deadline.signal.aborted) throw deadline.signal.reason;
        finished = true;
        subscriber.complete();
      } catch (error) {
        finished = true;
        if (!subscriber.closed) subscriber.error(toModelCallError(error, subject, deadline));
      } finally {
        deadline.dispose();
      }
    })();
    return () => {
      if (!finished) deadline.abort();
      deadline.dispose();
    };
  });
}

/** Runs one whole model call under the deadline, mapping failures to typed errors. */
export async function runModelCall<T>(
  subject: CallSubject,
  options: ChatCallOptions | undefined,
  defaultTimeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = new CallDeadline(options, defaultTimeoutMs);
  try {
    const result = await call(deadline.signal);
    if (deadline.signal.aborted) throw deadline.signal.reason;
    return result;
  } catch (error) {
    throw toModelCallError(error, subject, deadline);
  } finally {
    deadline.dispose();
  }
}
