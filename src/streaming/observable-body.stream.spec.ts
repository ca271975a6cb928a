import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { NEVER, Observable, Subject, concat, of, throwError } from 'rxjs';
import { ObservableBodyStream, type BodyStreamSettings } from './observable-body.stream';
import { StreamIdleTimeoutError } from './stream-idle-timeout.error';

/**
 * A Node response as the stream sees it. It accepts `capacity` writes, then write() returns false
 * until the test calls drain(); close() is the client going away before the end.
 */
class FakeResponse extends EventEmitter {
  readonly written: string[] = [];
  head?: { status: number; headers: Record<string, unknown> };
  ended = false;
  destroyed = false;
  writableFinished = false;
  readonly socket = {
    corks: 0,
    uncorks: 0,
    cork() {
      this.corks++;
    },
    uncork() {
      this.uncorks++;
    },
  };
  private room: number;

  constructor(private readonly capacity = Infinity) {
    super();
    this.room = capacity;
  }

  writeHead(status: number, headers: Record<string, unknown>): void {
    this.head = { status, headers };
  }

  write(text: string): boolean {
    if (this.ended || this.destroyed) throw new Error(`write after the end: ${text}`);
    this.written.push(text);
    this.room--;
    return this.room > 0;
  }

  end(): void {
    this.ended = true;
    this.writableFinished = true;
    this.emit('close');
  }

  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }

  /** Makes room for `room` more writes (the capacity by default) and emits 'drain'. */
  drain(room = this.capacity): void {
    this.room = room;
    this.emit('drain');
  }

  close(): void {
    this.emit('close');
  }
}

function replyOver(response: FakeResponse) {
  const reply = {
    raw: response,
    hijacked: false,
    hijack() {
      this.hijacked = true;
    },
    getHeaders: () => ({ 'x-request-id': 'req-1' }),
    request: { id: 'req-1' },
  };
  return reply;
}

function streamTo(response: FakeResponse, settings: Partial<BodyStreamSettings<string>> = {}) {
  const warn = jest.fn();
  const onClosed = jest.fn();
  const stream = new ObservableBodyStream<string>(replyOver(response) as unknown as FastifyReply, {
    frame: (event) => `${event}\n`,
    startOnFirstWrite: false,
    trailer: undefined,
    onError: () => undefined,
    maxBufferedBytes: 1024,
    idleTimeoutMs: 0,
    logger: { warn },
    contentType: 'text/event-stream; charset=utf-8',
    onClosed,
    ...settings,
  });
  return { stream, warn, onClosed };
}

/** A source like a search run: its teardown aborts the upstream calls through an AbortSignal. */
function upstream() {
  const events = new Subject<string>();
  const controller = new AbortController();
  const source = new Observable<string>((subscriber) => {
    const subscription = events.subscribe(subscriber);
    return () => {
      subscription.unsubscribe();
      controller.abort();
    };
  });
  return { events, source, signal: controller.signal };
}

describe('ObservableBodyStream', () => {
  it('sends the status line at once, one write per event, and ends on complete', async () => {
    const response = new FakeResponse();
    const { stream, onClosed } = streamTo(response);
    const outcome = stream.run(of('a', 'b', 'c'));
    await expect(outcome).resolves.toBe('completed');
    expect(response.head).toEqual({
      status: 200,
      headers: {
        'x-request-id': 'req-1',
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    });
    expect(response.written).toEqual(['a\n', 'b\n', 'c\n']);
    expect(response.ended).toBe(true);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('lets lines emitted together leave in one socket write: cork on the first, uncork when the tick queue runs', async () => {
    const response = new FakeResponse();
    const { events, source } = upstream();
    const outcome = streamTo(response).stream.run(source);
    events.next('a');
    events.next('b');
    events.next('c');
    expect(response.socket).toMatchObject({ corks: 1, uncorks: 0 });
    await new Promise((resolve) => process.nextTick(resolve));
    expect(response.socket).toMatchObject({ corks: 1, uncorks: 1 });
    events.next('d');
    events.complete();
    await expect(outcome).resolves.toBe('completed');
    // The last line is ended while corked: end() uncorks, the pending uncork finds nothing.
    expect(response.socket.corks).toBe(2);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(response.socket.uncorks).toBe(1);
  });

  describe('against a response that applies back-pressure', () => {
    it('queues lines while the response waits for drain and writes them, in order, after it', async () => {
      const response = new FakeResponse(2);
      const { events, source } = upstream();
      const outcome = streamTo(response).stream.run(source);
      events.next('a');
      events.next('b'); // the response is full now
      events.next('c');
      events.next('d');
      expect(response.written).toEqual(['a\n', 'b\n']);
      response.drain();
      expect(response.written).toEqual(['a\n', 'b\n', 'c\n', 'd\n']);
      events.next('e');
      expect(response.written).toHaveLength(4);
      response.drain();
      expect(response.written.at(-1)).toBe('e\n');
      events.complete();
      await expect(outcome).resolves.toBe('completed');
    });

    it('ends only after the queue is written, trailer last', async () => {
      const response = new FakeResponse(1);
      const { events, source } = upstream();
      const outcome = streamTo(response, { trailer: 'END\n' }).stream.run(source);
      events.next('a');
      events.next('b');
      events.complete();
      expect(response.ended).toBe(false);
      response.drain();
      expect(response.written).toEqual(['a\n', 'b\n']);
      expect(response.ended).toBe(false);
      response.drain();
      await expect(outcome).resolves.toBe('completed');
      expect(response.written).toEqual(['a\n', 'b\n', 'END\n']);
      expect(response.ended).toBe(true);
    });

    it('cuts off a client that holds more than maxBufferedBytes, and aborts upstream', async () => {
      const response = new FakeResponse(1);
      const { events, source, signal } = upstream();
      const { stream, warn } = streamTo(response, { maxBufferedBytes: 10 });
      const outcome = stream.run(source);
      events.next('first');
      events.next('12345'); // 6 bytes queued
      events.next('12345'); // 12 > 10
      await expect(outcome).resolves.toBe('client-too-slow');
      expect(response.destroyed).toBe(true);
      expect(signal.aborted).toBe(true);
      expect(warn).toHaveBeenCalledWith(
        { requestId: 'req-1' },
        'client not reading; closing the stream after 12 buffered bytes',
      );
      events.next('later');
      expect(response.written).toEqual(['first\n']);
    });
  });

  describe('against a response the client closes early', () => {
    it('unsubscribes, which aborts upstream through the AbortSignal, and writes nothing more', async () => {
      const response = new FakeResponse();
      const { events, source, signal } = upstream();
      const { stream, onClosed } = streamTo(response);
      const outcome = stream.run(source);
      events.next('a');
      response.close();
      await expect(outcome).resolves.toBe('client-closed');
      expect(signal.aborted).toBe(true);
      expect(events.observed).toBe(false);
      expect(response.destroyed).toBe(true);
      expect(response.ended).toBe(false);
      expect(onClosed).toHaveBeenCalledTimes(1);
    });

    it('closed while waiting for drain: the queue is dropped', async () => {
      const response = new FakeResponse(1);
      const { events, source, signal } = upstream();
      const outcome = streamTo(response).stream.run(source);
      events.next('a');
      events.next('b');
      response.close();
      await expect(outcome).resolves.toBe('client-closed');
      expect(signal.aborted).toBe(true);
      expect(response.written).toEqual(['a\n']);
    });

    it("treats 'close' after the whole body as the normal end", async () => {
      const response = new FakeResponse();
      const { stream } = streamTo(response);
      await expect(stream.run(of('a'))).resolves.toBe('completed');
      response.close();
      expect(response.destroyed).toBe(false);
    });
  });

  describe('failures', () => {
    it('with startOnFirstWrite, a failure before the first event rejects and sends nothing', async () => {
      const response = new FakeResponse();
      const boom = new Error('backend down');
      const { stream, onClosed } = streamTo(response, { startOnFirstWrite: true });
      await expect(stream.run(throwError(() => boom))).rejects.toBe(boom);
      expect(response.head).toBeUndefined();
      expect(response.written).toEqual([]);
      expect(onClosed).toHaveBeenCalledTimes(1);
    });

    it('with startOnFirstWrite, a run that ends without events is an empty stream', async () => {
      const response = new FakeResponse();
      const { stream } = streamTo(response, { startOnFirstWrite: true });
      await expect(stream.run(of())).resolves.toBe('completed');
      expect(response.head?.status).toBe(200);
      expect(response.ended).toBe(true);
    });

    it("after the start, writes the caller's last event and ends", async () => {
      const response = new FakeResponse();
      const onError = jest.fn((error: unknown) => `error: ${(error as Error).message}\n`);
      const { stream } = streamTo(response, { onError, trailer: 'END\n' });
      const events = concat(
        of('a'),
        throwError(() => new Error('model gone')),
      );
      await expect(stream.run(events)).resolves.toBe('errored');
      expect(response.written).toEqual(['a\n', 'error: model gone\n']);
      expect(response.ended).toBe(true);
    });

    it('writes no event after the last one while that one waits for drain', async () => {
      const response = new FakeResponse(1);
      const { events, source } = upstream();
      let failed!: () => void;
      const failure = new Promise<void>((resolve) => (failed = resolve));
      const onError = () => {
        failed();
        return 'idle\n';
      };
      const outcome = streamTo(response, { idleTimeoutMs: 20, onError }).stream.run(source);
      events.next('a'); // the response is full now
      await failure; // the idle timeout's last event is queued behind it
      events.next('late');
      response.drain(10);
      await expect(outcome).resolves.toBe('idle-timeout');
      expect(response.written).toEqual(['a\n', 'idle\n']);
    });

    it('ends a stream that stays quiet for idleTimeoutMs, with a StreamIdleTimeoutError', async () => {
      const response = new FakeResponse();
      const onError = jest.fn(() => undefined);
      const { stream } = streamTo(response, { idleTimeoutMs: 20, onError });
      await expect(stream.run(concat(of('a'), NEVER))).resolves.toBe('idle-timeout');
      expect(onError).toHaveBeenCalledWith(expect.any(StreamIdleTimeoutError));
      expect(response.written).toEqual(['a\n']);
      expect(response.ended).toBe(true);
    });
  });
});
