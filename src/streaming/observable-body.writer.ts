import type { OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { Inject, Injectable, Optional, type Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { FastifyReply } from 'fastify';
import { Subscription, type Observable } from 'rxjs';
import { QUARRY_METRICS, type QuarryMetrics } from '../observability';
import { StreamIdleTimeoutError } from './stream-idle-timeout.error';
import { streamingConfig } from './streaming.config';

export type StreamOutcome =
  'completed' | 'errored' | 'client-closed' | 'client-too-slow' | 'idle-timeout';

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
 * and error events are the caller's.
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
    const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    const idleMs = options.idleTimeoutMs ?? this.config.idleTimeoutMs;
    // Lines go straight to the Node response: a stream handed to reply.send() would put a
    // PassThrough and a pipe between each event and the socket (one more stream hop per token, and
    // a few KiB of stream state and listeners per open stream). Fastify's onResponse hooks (the
    // request log line, HTTP metrics) still run when the response finishes.
    const body = reply.raw;
    let started = false;
    const start = () => {
      started = true;
      reply.hijack();
      // The headers set so far (request id, security headers, CORS) go out with these; with
      // x-accel-buffering: no, proxies pass any of the streamed formats on unbuffered.
      body.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': options.contentType ?? 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
    };
    if (!options.startOnFirstWrite) start();

    // quarry_active_streams: counted from here until the stream ends or fails before starting.
    const closed = this.metrics?.traffic.streamOpened(
      reply.request.routeOptions.url ?? 'unmatched',
    );
    return new Promise<StreamOutcome>((resolve, reject) => {
      const queue: string[] = [];
      let queuedBytes = 0;
      let waitingForDrain = false;
      let completed = false;
      let endOutcome: StreamOutcome = 'completed';
      let finished = false;
      const subscription = new Subscription();
      let idleTimer: NodeJS.Timeout | undefined;
      // The socket is corked, not the response: from Node 22 a corked ServerResponse keeps chunked
      // writes in a buffer of its own, and end() before the uncork lost them (only the first line
      // reached the client).
      let corkedSocket: Socket | null = null;
      const uncork = () => {
        corkedSocket?.uncork();
        corkedSocket = null;
      };

      const detach = () => {
        finished = true;
        closed?.();
        clearTimeout(idleTimer);
        body.off('close', onClose);
        body.off('drain', onDrain);
      };
      const finish = (outcome: StreamOutcome) => {
        if (finished) return;
        detach();
        subscription.unsubscribe();
        if (outcome === 'client-closed' || outcome === 'client-too-slow') {
          // The socket too: a half-read response must not hold the connection (and shutdown) open.
          body.destroy();
        } else {
          // A run that ends before its first write still answers: an empty stream.
          if (!started) start();
          // Ended while the socket is still corked: end() queues the chunked terminator behind the
          // lines still held and then uncorks the socket itself (Node 20, 22 and 24), so the last
          // lines and the end of the body leave in one socket write instead of two. The pending
          // uncork then has nothing left to do.
          body.end();
          corkedSocket = null;
        }
        resolve(outcome);
      };
      const write = (text: string) => {
        if (!started) start();
        if (waitingForDrain) {
          queue.push(text);
          queuedBytes += Buffer.byteLength(text);
          if (queuedBytes > maxBuffered) {
            options.logger.warn(
              { requestId: reply.request.id },
              `client not reading; closing the stream after ${queuedBytes} buffered bytes`,
            );
            finish('client-too-slow');
          }
          return;
        }
        // Lines emitted together (a burst of tokens read at once) leave in one socket write: held
        // from the first of them until the tick queue runs. Not longer: holding them to the turn's
        // check phase (setImmediate) saved one more write per search but, with 1,000 streams, kept
        // every line of a long poll phase waiting for its end (token delay p50 6 -> 13-77 ms, peak
        // RSS +2-16 MiB; docs/benchmarks.md, round six).
        if (!corkedSocket && body.socket) {
          corkedSocket = body.socket;
          corkedSocket.cork();
          process.nextTick(uncork);
        }
        if (!body.write(text)) waitingForDrain = true;
      };
      const fail = (error: unknown, outcome: StreamOutcome) => {
        if (finished) return;
        if (!started) {
          detach();
          subscription.unsubscribe();
          reject(error);
          return;
        }
        const last = options.onError(error);
        if (last === undefined || completed) {
          finish(outcome);
          return;
        }
        write(last);
        completed = true;
        endOutcome = outcome;
        if (queue.length === 0) finish(outcome);
      };
      const armIdleTimer = () => {
        if (idleMs <= 0) return;
        // One timer per stream, pushed back on every event: a new timer per token was measurable
        // allocation and timer-list churn with many streams.
        if (idleTimer) idleTimer.refresh();
        else {
          idleTimer = setTimeout(
            () => fail(new StreamIdleTimeoutError(idleMs), 'idle-timeout'),
            idleMs,
          );
        }
      };
      const onDrain = () => {
        waitingForDrain = false;
        while (queue.length > 0 && !waitingForDrain) {
          const text = queue.shift()!;
          queuedBytes -= Buffer.byteLength(text);
          if (!body.write(text)) waitingForDrain = true;
        }
        if (completed && queue.length === 0) finish(endOutcome);
      };
      const onClose = () => {
        // 'close' after the whole body was written is the normal end, not a disconnect.
        if (!body.writableFinished) finish('client-closed');
      };
      body.on('drain', onDrain);
      body.on('close', onClose);
      armIdleTimer();

      // Added to a container so a synchronous finish during subscribe() still unsubscribes it.
      subscription.add(
        events.subscribe({
          next: (event) => {
            if (finished) return;
            armIdleTimer();
            write(options.frame(event));
          },
          error: (error: unknown) => fail(error, 'errored'),
          complete: () => {
            if (finished) return;
            if (options.trailer !== undefined) write(options.trailer);
            completed = true;
            // Text already handed to the body is flushed by end(); only our own queue must wait.
            if (queue.length === 0) finish('completed');
          },
        }),
      );
    });
  }
}
