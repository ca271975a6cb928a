import { Inject, Injectable, Optional, type Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';
import { QUARRY_METRICS, type QuarryMetrics } from '../observability';
import { ObservableBodyStream, type StreamOutcome } from './observable-body.stream';
import { streamingConfig } from './streaming.config';

export type { StreamOutcome } from './observable-body.stream';

export interface ObservableBodyOptions<T> {
  /** The bytes on the wire for one event. */
  readonly frame: (event: T) => string;
  /**
   * When true the response starts only with the first write, so a failure before it rejects the
   * returned promise and can still become an ordinary error response. Default false: at once.
   */
  readonly startOnFirstWrite?: boolean;
  /** Text written after the last event when the Observable completes. */
  readonly trailer?: string;
  /**
   * Called when the run fails after the response started, including the idle timeout (with a
   * StreamIdleTimeoutError). Returns the text of a last event to write, or undefined to end at once.
   */
  readonly onError: (error: unknown) => string | undefined;
  /** Most bytes held while the client does not read; beyond it the client is cut off. Default 1 MiB. */
  readonly maxBufferedBytes?: number;
  /** Longest wait for the next event before the stream ends as idle; default STREAM_IDLE_TIMEOUT_MS. */
  readonly idleTimeoutMs?: number;
  /** Where a client that does not read is reported. */
  readonly logger: Pick<Logger, 'warn'>;
  /** Default text/event-stream: proxies on the way pass it on unbuffered. */
  readonly contentType?: string;
}

/**
 * Writes an Observable to a Fastify reply's raw body, one framed event as soon as it is emitted.
 * Honors back-pressure (queues while waiting for 'drain', with a cap on the queued bytes), ends
 * the stream after a quiet STREAM_IDLE_TIMEOUT_MS, ends on complete, and unsubscribes when the
 * client goes away, which is how upstream calls behind the Observable get aborted. The framing
 * and error events are the caller's; each stream is an ObservableBodyStream.
 */
@Injectable()
export class ObservableBodyWriter {
  constructor(
    @Inject(streamingConfig.KEY) private readonly config: ConfigType<typeof streamingConfig>,
    @Optional() @Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null = null,
  ) {}

  pipe<T>(
    events: Observable<T>,
    reply: FastifyReply,
    options: ObservableBodyOptions<T>,
  ): Promise<StreamOutcome> {
    const stream = new ObservableBodyStream<T>(reply, {
      frame: options.frame,
      startOnFirstWrite: options.startOnFirstWrite ?? false,
      trailer: options.trailer,
      onError: options.onError,
      maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
      idleTimeoutMs: options.idleTimeoutMs ?? this.config.idleTimeoutMs,
      logger: options.logger,
      contentType: options.contentType ?? 'text/event-stream; charset=utf-8',
      // quarry_active_streams: counted from here until the stream ends or fails before starting.
      onClosed: this.metrics?.traffic.streamOpened(reply.request.routeOptions.url ?? 'unmatched'),
    });
    return stream.run(events);
  }
}
