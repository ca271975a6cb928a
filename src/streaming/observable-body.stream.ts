import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Subscription, type Observable, type Observer } from 'rxjs';
import { StreamIdleTimeoutError } from './stream-idle-timeout.error';

export type StreamOutcome =
  'completed' | 'errored' | 'client-closed' | 'client-too-slow' | 'idle-timeout';

/** What one stream needs to know, defaults already applied (see ObservableBodyOptions). */
export interface BodyStreamSettings<T> {
  readonly frame: (event: T) => string;
  readonly startOnFirstWrite: boolean;
  readonly trailer: string | undefined;
  readonly onError: (error: unknown) => string | undefined;
  readonly maxBufferedBytes: number;
  /** 0 turns the idle timeout off. */
  readonly idleTimeoutMs: number;
  readonly logger: Pick<Logger, 'warn'>;
  readonly contentType: string;
  /** Called once when the stream ends or fails before starting (the open-streams gauge). */
  readonly onClosed?: () => void;
}

/**
 * Where a stream is:
 * - unstarted: no status line sent yet (startOnFirstWrite), so a failure can still become an
 *   ordinary error response;
 * - writing: each line goes straight to the response;
 * - draining: the response asked to wait (write() returned false): lines queue, up to
 *   maxBufferedBytes, until its 'drain';
 * - finished: ended, cut off or rejected; nothing is written any more.
 */
type BodyStreamState = 'unstarted' | 'writing' | 'draining' | 'finished';

/**
 * One Observable written to one Fastify reply's raw response, one framed event per write: its
 * transitions are start, write, drain, fail and finish. Lines go straight to the Node response: a
 * stream handed to reply.send() would put a PassThrough and a pipe between each event and the
 * socket. Fastify's onResponse hooks (the request log line, HTTP metrics) still run when the
 * response finishes.
 */
export class ObservableBodyStream<T> implements Observer<T> {
  private state: BodyStreamState = 'unstarted';
  private readonly body: ServerResponse;
  private readonly queue: string[] = [];
  private queuedBytes = 0;
  /** Set once the last line is handed over (completed, or a failure's last event): finish with it when the queue is empty. */
  private endAs: StreamOutcome | undefined;
  // The socket is corked, not the response: from Node 22 a corked ServerResponse keeps chunked
  // writes in a buffer of its own, and end() before the uncork lost them (only the first line
  // reached the client).
  private corkedSocket: Socket | null = null;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly subscription = new Subscription();
  private resolve!: (outcome: StreamOutcome) => void;
  private reject!: (error: unknown) => void;

  constructor(
    private readonly reply: FastifyReply,
    private readonly settings: BodyStreamSettings<T>,
  ) {
    this.body = reply.raw;
  }

  /** Subscribes and writes until the events end, fail or the client goes; resolves with how it ended. */
  run(events: Observable<T>): Promise<StreamOutcome> {
    if (!this.settings.startOnFirstWrite) this.start();
    return new Promise<StreamOutcome>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.body.on('drain', this.drain);
      this.body.on('close', this.onClose);
      this.armIdleTimer();
      // Added to a container so a synchronous finish during subscribe() still unsubscribes it.
      this.subscription.add(events.subscribe(this));
    });
  }

  next(event: T): void {
    // Nothing after the last line (a failure's last event may be waiting for 'drain').
    if (this.state === 'finished' || this.endAs !== undefined) return;
    this.armIdleTimer();
    this.write(this.settings.frame(event));
  }

  error(error: unknown): void {
    this.fail(error, 'errored');
  }

  complete(): void {
    if (this.state === 'finished') return;
    if (this.settings.trailer !== undefined) this.write(this.settings.trailer);
    this.endAs = 'completed';
    // Text already handed to the response is flushed by end(); only our own queue must wait.
    if (this.queue.length === 0) this.finish('completed');
  }

  /** The status line, with the headers set so far (request id, security headers, CORS). */
  private start(): void {
    this.state = 'writing';
    this.sendHead();
  }

  private sendHead(): void {
    this.reply.hijack();
    // With x-accel-buffering: no, proxies on the way pass any of the streamed formats on unbuffered.
    this.body.writeHead(200, {
      ...(this.reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': this.settings.contentType,
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
  }

  private write(text: string): void {
    if (this.state === 'unstarted') this.start();
    if (this.state === 'draining') {
      this.queue.push(text);
      this.queuedBytes += Buffer.byteLength(text);
      if (this.queuedBytes > this.settings.maxBufferedBytes) {
        this.settings.logger.warn(
          { requestId: this.reply.request.id },
          `client not reading; closing the stream after ${this.queuedBytes} buffered bytes`,
        );
        this.finish('client-too-slow');
      }
      return;
    }
    // Lines emitted together (a burst of tokens read at once) leave in one socket write: held
    // from the first of them until the tick queue runs. Not longer: holding them to the turn's
    // check phase (setImmediate) saved one more write per search but, with 1,000 streams, kept
    // every line of a long poll phase waiting for its end (token delay p50 6 -> 13-77 ms, peak
    // RSS +2-16 MiB; docs/benchmarks.md, round six).
    const socket = this.body.socket;
    if (!this.corkedSocket && socket) {
      this.corkedSocket = socket;
      socket.cork();
      process.nextTick(this.uncork);
    }
    if (!this.body.write(text)) this.state = 'draining';
  }

  /** The response's 'drain': the queued lines go out until it asks to wait again. */
  private readonly drain = (): void => {
    this.state = 'writing';
    while (this.queue.length > 0 && this.state === 'writing') {
      const text = this.queue.shift()!;
      this.queuedBytes -= Buffer.byteLength(text);
      if (!this.body.write(text)) this.state = 'draining';
    }
    if (this.endAs !== undefined && this.queue.length === 0) this.finish(this.endAs);
  };

  /**
   * The run failed (or went idle). Before the status line: the returned promise rejects, so the
   * caller can still answer with an error. After it: the caller's last event, if any, then the end.
   */
  private fail(error: unknown, outcome: StreamOutcome): void {
    if (this.state === 'finished') return;
    if (this.state === 'unstarted') {
      this.detach();
      this.subscription.unsubscribe();
      this.reject(error);
      return;
    }
    const last = this.settings.onError(error);
    if (last === undefined || this.endAs !== undefined) {
      this.finish(outcome);
      return;
    }
    this.write(last);
    this.endAs = outcome;
    if (this.queue.length === 0) this.finish(outcome);
  }

  private finish(outcome: StreamOutcome): void {
    if (this.state === 'finished') return;
    const started = this.state !== 'unstarted';
    this.detach();
    // Unsubscribing is what aborts the upstream calls behind the events (their AbortSignal).
    this.subscription.unsubscribe();
    if (outcome === 'client-closed' || outcome === 'client-too-slow') {
      // The socket too: a half-read response must not hold the connection (and shutdown) open.
      this.body.destroy();
    } else {
      // A run that ends before its first write still answers: an empty stream.
      if (!started) this.sendHead();
      // Ended while the socket is still corked: end() queues the chunked terminator behind the
      // lines still held and then uncorks the socket itself (Node 20, 22 and 24), so the last
      // lines and the end of the body leave in one socket write instead of two. The pending
      // uncork then has nothing left to do.
      this.body.end();
      this.corkedSocket = null;
    }
    this.resolve(outcome);
  }

  private detach(): void {
    this.state = 'finished';
    this.settings.onClosed?.();
    clearTimeout(this.idleTimer);
    this.body.off('close', this.onClose);
    this.body.off('drain', this.drain);
  }

  private armIdleTimer(): void {
    const idleMs = this.settings.idleTimeoutMs;
    if (idleMs <= 0) return;
    // One timer per stream, pushed back on every event: a new timer per token was measurable
    // allocation and timer-list churn with many streams.
    if (this.idleTimer) this.idleTimer.refresh();
    else this.idleTimer = setTimeout(this.onIdle, idleMs);
  }

  private readonly onIdle = (): void => {
    this.fail(new StreamIdleTimeoutError(this.settings.idleTimeoutMs), 'idle-timeout');
  };

  private readonly onClose = (): void => {
    // 'close' after the whole body was written is the normal end, not a disconnect.
    if (!this.body.writableFinished) this.finish('client-closed');
  };

  private readonly uncork = (): void => {
    this.corkedSocket?.uncork();
    this.corkedSocket = null;
  };
}
