import { PassThrough } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Subscription, type Observable } from 'rxjs';

export interface SsePipeOptions {
  /** The data object sent as the last event when the run fails after the stream started. */
  readonly errorEvent: (error: unknown) => object;
  /** Most bytes held while the client does not read; beyond it the client is cut off. Default 1 MiB. */
  readonly maxBufferedBytes?: number;
}

export type SseOutcome = 'completed' | 'errored' | 'client-closed' | 'client-too-slow';

const DONE = 'data: [DONE]\n\n';

/**
 * Writes an Observable as server-sent events the way OpenAI streams: `data: <json>\n\n` per
 * object, as soon as it is emitted, then `data: [DONE]\n\n`. The status line waits for the first
 * object, so a failure before it (search backend down) is still an ordinary error response:
 * the returned promise rejects with it. After that a failure is an `data: {"error": ...}` event
 * and the end of the stream, which the openai SDK raises as an APIError. Back-pressure: waits for
 * 'drain'; a client that goes away unsubscribes, which aborts the upstream calls.
 */
@Injectable()
export class SseWriter {
  private readonly logger = new Logger('SseStream');

  pipe(
    events: Observable<object>,
    reply: FastifyReply,
    options: SsePipeOptions,
  ): Promise<SseOutcome> {
    const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
    const body = new PassThrough();
    let started = false;
    const startResponse = () => {
      started = true;
      void reply
        .status(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body);
    };

    return new Promise<SseOutcome>((resolve, reject) => {
      const queue: string[] = [];
      let queuedBytes = 0;
      let waitingForDrain = false;
      let completed = false;
      let endOutcome: SseOutcome = 'completed';
      let finished = false;
      const subscription = new Subscription();

      const finish = (outcome: SseOutcome) => {
        if (finished) return;
        finished = true;
        reply.raw.off('close', onClose);
        body.off('drain', onDrain);
        subscription.unsubscribe();
        if (outcome === 'client-closed' || outcome === 'client-too-slow') {
          // The socket too: a half-read response must not hold the connection (and shutdown) open.
          body.destroy();
          reply.raw.destroy();
        } else {
          body.end();
        }
        resolve(outcome);
      };
      const write = (text: string) => {
        if (!started) startResponse();
        if (waitingForDrain) {
          queue.push(text);
          queuedBytes += Buffer.byteLength(text);
          if (queuedBytes > maxBuffered) {
            this.logger.warn(
              { requestId: reply.request.id },
              `client not reading; closing the stream after ${queuedBytes} buffered bytes`,
            );
            finish('client-too-slow');
          }
          return;
        }
        if (!body.write(text)) waitingForDrain = true;
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
        if (!reply.raw.writableFinished) finish('client-closed');
      };
      body.on('drain', onDrain);
      reply.raw.on('close', onClose);

      subscription.add(
        events.subscribe({
          next: (event) => {
            if (!finished) write(`data: ${JSON.stringify(event)}\n\n`);
          },
          error: (error: unknown) => {
            if (finished) return;
            if (!started) {
              finished = true;
              reply.raw.off('close', onClose);
              body.off('drain', onDrain);
              reject(error);
              return;
            }
            write(`data: ${JSON.stringify(options.errorEvent(error))}\n\n`);
            completed = true;
            endOutcome = 'errored';
            if (queue.length === 0) finish('errored');
          },
          complete: () => {
            if (finished) return;
            write(DONE);
            completed = true;
            if (queue.length === 0) finish('completed');
          },
        }),
      );
    });
  }
}
