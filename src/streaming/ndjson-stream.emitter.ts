import { PassThrough } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { FastifyReply } from 'fastify';
import { Subscription, type Observable } from 'rxjs';
import { streamingConfig } from './streaming.config';

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
}

export type NdjsonOutcome =
  'completed' | 'errored' | 'client-closed' | 'client-too-slow' | 'idle-timeout';

/** Passed to onError when no event came within the idle timeout. */
export class StreamIdleTimeoutError extends Error {
  constructor(readonly idleMs: number) {
    super(`no stream event within ${idleMs} ms`);
    this.name = 'StreamIdleTimeoutError';
  }
}

/**
 * Writes any Observable to a Fastify reply as newline-delimited JSON (Content-Type
 * text/event-stream), one object per line, each written as soon as it is emitted. Honors
 * back-pressure (waits for 'drain'), ends on complete, and unsubscribes when the client goes away,
 * which is how upstream calls behind the Observable get aborted.
 */
@Injectable()
export class NdjsonStreamEmitter {
  private readonly logger = new Logger('NdjsonStream');

  constructor(
    @Inject(streamingConfig.KEY) private readonly config: ConfigType<typeof streamingConfig>,
  ) {}

  pipe(
    events: Observable<unknown>,
    reply: FastifyReply,
    options: NdjsonPipeOptions = {},
  ): Promise<NdjsonOutcome> {
    const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    const idleMs = options.idleTimeoutMs ?? this.config.idleTimeoutMs;
    const body = new PassThrough();
    void reply
      .status(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(body);

    return new Promise<NdjsonOutcome>((resolve) => {
      const queue: string[] = [];
      let queuedBytes = 0;
      let waitingForDrain = false;
      let completed = false;
      let finished = false;
      const subscription = new Subscription();
      let idleTimer: NodeJS.Timeout | undefined;
      const armIdleTimer = () => {
        if (idleMs <= 0) return;
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          if (finished) return;
          options.onError?.(new StreamIdleTimeoutError(idleMs));
          finish('idle-timeout');
        }, idleMs);
      };

      const finish = (outcome: NdjsonOutcome) => {
        if (finished) return;
        finished = true;
        clearTimeout(idleTimer);
        reply.raw.off('close', onClose);
        body.off('drain', onDrain);
        subscription.unsubscribe();
        if (outcome === 'client-closed' || outcome === 'client-too-slow') {
          body.destroy();
          reply.raw.destroy();
        } else {
          body.end();
        }
        resolve(outcome);
      };
      const write = (line: string) => {
        if (waitingForDrain) {
          queue.push(line);
          queuedBytes += Buffer.byteLength(line);
          if (queuedBytes > maxBuffered) {
            this.logger.warn(
              { requestId: reply.request.id },
              `client not reading; closing the stream after ${queuedBytes} buffered bytes`,
            );
            finish('client-too-slow');
          }
          return;
        }
        if (!body.write(line)) waitingForDrain = true;
      };
      const onDrain = () => {
        waitingForDrain = false;
        while (queue.length > 0 && !waitingForDrain) {
          const line = queue.shift()!;
          queuedBytes -= Buffer.byteLength(line);
          if (!body.write(line)) waitingForDrain = true;
        }
        if (completed && queue.length === 0) finish('completed');
      };
      const onClose = () => {
        // 'close' after the whole body was written is the normal end, not a disconnect.
        if (!reply.raw.writableFinished) finish('client-closed');
      };
      body.on('drain', onDrain);
      reply.raw.on('close', onClose);
      armIdleTimer();

      // Added to a container so a synchronous finish during subscribe() still unsubscribes it.
      subscription.add(
        events.subscribe({
          next: (event) => {
            if (finished) return;
            armIdleTimer();
            write(`${JSON.stringify(event)}\n`);
          },
          error: (error: unknown) => {
            if (finished) return;
            options.onError?.(error);
            finish('errored');
          },
          complete: () => {
            completed = true;
            // Lines already handed to the body are flushed by end(); only our own queue must wait.
            if (queue.length === 0) finish('completed');
          },
        }),
      );
    });
  }
}
