import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';
import { ObservableBodyWriter, type StreamOutcome } from './observable-body.writer';

export interface NdjsonPipeOptions {
  /** Called when the Observable errors after the stream started; the stream then ends without more lines. */
  readonly onError?: (error: unknown) => void;
  /**
   * Most bytes held while the client is not reading (write() returned false and 'drain' has not
   * come yet); beyond it the client is cut off and the Observable unsubscribed. Default 1 MiB.
   */
  readonly maxBufferedBytes?: number;
  /** Longest wait for the next event before the stream ends as idle; default STREAM_IDLE_TIMEOUT_MS. */
  readonly idleTimeoutMs?: number;
  /** Default text/event-stream, as Perplexica sends it; application/x-ndjson says what it is. */
  readonly contentType?: string;
}

export type NdjsonOutcome = StreamOutcome;

/**
 * Writes any Observable to a Fastify reply as newline-delimited JSON (Content-Type
 * text/event-stream unless told otherwise), one object per line. The status line goes out at once; a failure (or the
 * idle timeout, as a StreamIdleTimeoutError) goes to onError and ends the stream without more
 * lines. Back-pressure, idle timeout and disconnects are ObservableBodyWriter's.
 */
@Injectable()
export class NdjsonStreamEmitter {
  private readonly logger = new Logger('NdjsonStream');

  constructor(private readonly writer: ObservableBodyWriter) {}

  pipe(
    events: Observable<unknown>,
    reply: FastifyReply,
    options: NdjsonPipeOptions = {},
  ): Promise<NdjsonOutcome> {
    return this.writer.pipe(events, reply, {
      frame: (event) => `${JSON.stringify(event)}\n`,
      onError: (error) => {
        options.onError?.(error);
        return undefined;
      },
      maxBufferedBytes: options.maxBufferedBytes,
      idleTimeoutMs: options.idleTimeoutMs,
      contentType: options.contentType,
      logger: this.logger,
    });
  }
}
