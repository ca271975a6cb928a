import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';
import { ObservableBodyWriter, type StreamOutcome } from '../../streaming';

export interface SsePipeOptions {
  /** The data object sent as the last event when the run fails after the stream started. */
  readonly errorEvent: (error: unknown) => object;
  /** Most bytes held while the client does not read; beyond it the client is cut off. Default 1 MiB. */
  readonly maxBufferedBytes?: number;
  /** Longest wait for the next object before the stream ends as idle; default STREAM_IDLE_TIMEOUT_MS. */
  readonly idleTimeoutMs?: number;
}

export type SseOutcome = StreamOutcome;

const DONE = 'data: [DONE]\n\n';

/**
 * Writes an Observable as server-sent events the way OpenAI streams: `data: <json>\n\n` per
 * object, as soon as it is emitted, then `data: [DONE]\n\n`. The status line waits for the first
 * object, so a failure before it (search backend down, or no object within the idle timeout) is
 * still an ordinary error response: the returned promise rejects with it. After that a failure
 * (the idle timeout included) is a `data: {"error": ...}` event and the end of the stream, which
 * the openai SDK raises as an APIError. Back-pressure, idle timeout and disconnects are
 * ObservableBodyWriter's.
 */
@Injectable()
export class SseWriter {
  private readonly logger = new Logger('SseStream');

  constructor(private readonly writer: ObservableBodyWriter) {}

  pipe(
    events: Observable<object>,
    reply: FastifyReply,
    options: SsePipeOptions,
  ): Promise<SseOutcome> {
    return this.writer.pipe(events, reply, {
      frame: (event) => `data: ${JSON.stringify(event)}\n\n`,
      startOnFirstWrite: true,
      trailer: DONE,
      onError: (error) => `data: ${JSON.stringify(options.errorEvent(error))}\n\n`,
      maxBufferedBytes: options.maxBufferedBytes,
      idleTimeoutMs: options.idleTimeoutMs,
      logger: this.logger,
    });
  }
}
