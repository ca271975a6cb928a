import { connect } from 'node:net';
import { Controller, Module, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { concat, finalize, from, interval, map, Observable, of, take } from 'rxjs';
import { Public } from '../src/common/decorators/public.decorator';
import { NdjsonStreamEmitter, type NdjsonOutcome } from '../src/streaming/ndjson-stream.emitter';
import { StreamingModule } from '../src/streaming/streaming.module';
import { startTestApp, type TestApp } from './utils/test-app';

/** What the test routes saw: whether the source was unsubscribed, and how each pipe ended. */
const seen = { unsubscribed: 0, outcomes: [] as NdjsonOutcome[], emitted: 0, socketWrites: 0 };

/** Holds the answer route's answer until the test has read what came before it. */
const answerGate = { open: (): void => undefined };

@Public()
@Controller('__stream')
class StreamTestController {
  constructor(private readonly emitter: NdjsonStreamEmitter) {}

  @Post('ticks')
  async ticks(@Query('n') n: string, @Query('ms') ms: string, @Res() reply: FastifyReply) {
    countSocketWrites(reply);
    const source = interval(Number(ms)).pipe(
      take(Number(n)),
      map((i) => ({ type: 'tick', data: i })),
      finalize(() => seen.unsubscribed++),
    );
    seen.outcomes.push(await this.emitter.pipe(source, reply));
  }

  @Post('burst')
  async burst(@Query('n') n: string, @Res() reply: FastifyReply) {
    // Every event in one synchronous burst, as when many tokens are read at once.
    const events = Array.from({ length: Number(n) }, (_, i) => ({ type: 'response', data: i }));
    seen.outcomes.push(await this.emitter.pipe(from(events), reply));
  }

  @Post('answer')
  async answer(@Res() reply: FastifyReply) {
    // A search's shape: `init` at once; once the test opens the gate (it has read `init`), the
    // answer's last chunk, then its end a few ticks later in the same turn (as a model's reply
    // read in one piece ends), then `done`.
    countSocketWrites(reply);
    const answer = new Observable<unknown>((subscriber) => {
      let open = true;
      answerGate.open = () =>
        setImmediate(() => {
          if (!open) return;
          subscriber.next({ type: 'response', data: 'the whole answer' });
          void Promise.resolve().then(() =>
            process.nextTick(() => process.nextTick(() => subscriber.complete())),
          );
        });
      return () => {
        open = false;
      };
    });
    const events = concat(of({ type: 'init' }), answer, of({ type: 'done' }));
    seen.outcomes.push(await this.emitter.pipe(events, reply));
  }

  @Post('flood')
  async flood(@Res() reply: FastifyReply) {
    // Emits ~64 KiB lines as fast as it is allowed to; a client that never reads must be cut off.
    const line = 'x'.repeat(64 * 1024);
    const source = new Observable<unknown>((subscriber) => {
      const timer = setInterval(() => {
        seen.emitted++;
        subscriber.next({ type: 'response', data: line });
      }, 1);
      return () => {
        clearInterval(timer);
        seen.unsubscribed++;
      };
    });
    seen.outcomes.push(await this.emitter.pipe(source, reply, { maxBufferedBytes: 1024 * 1024 }));
  }

  @Post('fail')
  async fail(@Res() reply: FastifyReply) {
    const source = new Observable<unknown>((subscriber) => {
      subscriber.next({ type: 'init' });
      setTimeout(() => subscriber.error(new Error('boom')), 20);
    });
    seen.outcomes.push(await this.emitter.pipe(source, reply, { onError: () => undefined }));
  }
}

@Module({ imports: [StreamingModule], controllers: [StreamTestController] })
class StreamTestModule {}

describe('NdjsonStreamEmitter (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ imports: [StreamTestModule], listen: true });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    seen.unsubscribed = 0;
    seen.outcomes = [];
    seen.emitted = 0;
    seen.socketWrites = 0;
  });

  it('writes each event as one JSON line as soon as it is emitted, then ends', async () => {
    const res = await fetch(`${t.url}/__stream/ticks?n=4&ms=150`, { method: 'POST' });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
    // The reply's own headers (security headers from the onRequest hook) go out with the stream's.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    let text = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      text += Buffer.from(chunk).toString('utf8');
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    ).toEqual([0, 1, 2, 3].map((i) => ({ type: 'tick', data: i })));
    // Not batched: each line left in a socket write of its own (the first with the status line,
    // the last with the end of the body). How many reads the client needed, or when, is not
    // asserted: a busy client reads several lines at once.
    expect(seen.socketWrites).toBe(4);
    expect(seen.outcomes).toEqual(['completed']);
  });

  it('writes a burst of events emitted together completely and in order', async () => {
    const res = await fetch(`${t.url}/__stream/burst?n=200`, { method: 'POST' });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line))).toEqual(
      Array.from({ length: 200 }, (_, i) => ({ type: 'response', data: i })),
    );
    expect(seen.outcomes).toEqual(['completed']);
  });

  it('sends the first line at once and the last line with the end of the body in one write', async () => {
    const res = await fetch(`${t.url}/__stream/answer`, { method: 'POST' });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    // `init` (with the headers) did not wait for the answer: the answer comes only after this.
    expect(Buffer.from(first.value!).toString('utf8')).toBe('{"type":"init"}\n');
    answerGate.open();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += Buffer.from(chunk.value).toString('utf8');
    expect(rest).toBe('{"type":"response","data":"the whole answer"}\n{"type":"done"}\n');
    expect(seen.outcomes).toEqual(['completed']);
    // Three writes on the socket: the headers with `init`; the answer; `done` with the chunked
    // terminator (which went out alone, a fourth write, when the socket was uncorked before end()).
    expect(seen.socketWrites).toBe(3);
  });

  it('unsubscribes from the source when the client disconnects', async () => {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write(
      'POST /__stream/ticks?n=1000&ms=20 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n',
    );
    await new Promise((resolve) => socket.once('data', resolve));
    socket.destroy();
    await waitFor(() => seen.outcomes.length === 1);
    expect(seen.outcomes).toEqual(['client-closed']);
    expect(seen.unsubscribed).toBe(1);
  });

  it('holds a bounded amount for a client that does not read, then cuts it off', async () => {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('POST /__stream/flood HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');
    socket.pause(); // never read: the kernel buffers fill, write() returns false, 'drain' never comes
    await waitFor(() => seen.outcomes.length === 1);
    expect(seen.outcomes).toEqual(['client-too-slow']);
    expect(seen.unsubscribed).toBe(1);
    // Far fewer than unbounded buffering would have taken over the same time.
    expect(seen.emitted).toBeLessThan(400);
    socket.destroy();
  });

  it('ends the stream without further lines when the source fails after it started', async () => {
    const res = await fetch(`${t.url}/__stream/fail`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"type":"init"}\n');
    expect(seen.outcomes).toEqual(['errored']);
  });
});

/** Polls until the condition holds; the bound only stops a hang (the test's timeout is 20 s). */
async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// A keep-alive socket serves several tests: it is wrapped once, and seen.socketWrites is reset per test.
const countedSockets = new WeakSet<object>();

/** Counts the writes the reply's socket hands to the kernel (one per flush of its buffer). */
function countSocketWrites(reply: FastifyReply): void {
  const socket = reply.raw.socket as unknown as {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  if (countedSockets.has(socket)) return;
  countedSockets.add(socket);
  for (const method of ['_write', '_writev'] as const) {
    const original = socket[method];
    socket[method] = function (this: unknown, ...args: unknown[]) {
      seen.socketWrites++;
      return original.apply(this, args);
    };
  }
}
