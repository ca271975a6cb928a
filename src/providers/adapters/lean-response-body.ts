// Bytes held before undici is asked to stop reading the socket (a Node Readable's default is 16 KiB;
// an embeddings reply is read whole anyway, a token stream never comes near it).
const HIGH_WATER_BYTES = 64 * 1024;

/** What the body can ask of the exchange that feeds it. */
export interface BodySource {
  /** Reading stopped at the high-water mark; go on. */
  resume(): void;
  /** The consumer let go before the end: close the exchange (and so its connection). */
  abort(reason: Error): void;
}

/**
 * A response body fed chunk by chunk by an undici dispatch handler, read by one reader: as the SDKs
 * read one (`for await`, bytes as they arrive; `text()`, `json()`), with one promise per chunk, or
 * pushed to a callback (`forEach`), with none. A Node Readable (undici's request()) runs its state
 * machine, a readable event, a read() and its async iterator's promises for each chunk, which on a
 * token stream is a chunk per token (docs/benchmarks.md, round eleven).
 */
export class LeanResponseBody implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private paused = false;
  private ended = false;
  private failure: Error | undefined;
  private pending:
    { resolve(result: IteratorResult<Buffer>): void; reject(error: Error): void } | undefined;
  private taken = false;
  private sink: ((chunk: Buffer) => void) | undefined;
  private settle: { resolve(): void; reject(error: Error): void } | undefined;

  constructor(private readonly source: BodySource) {}

  /** Whether a reader has taken the body (fetch's bodyUsed). */
  get used(): boolean {
    return this.taken;
  }

  /** From the handler: a chunk; false asks undici to pause until resume(). */
  push(chunk: Buffer): boolean {
    // Released or failed: what undici still delivers before the abort lands is not wanted.
    if (this.failure) return true;
    if (this.sink) {
      this.deliver(chunk);
      return true;
    }
    const pending = this.pending;
    if (pending) {
      this.pending = undefined;
      pending.resolve({ value: chunk, done: false });
      return true;
    }
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    this.paused = this.queuedBytes >= HIGH_WATER_BYTES;
    return !this.paused;
  }

  /** From the handler: the body is complete. */
  end(): void {
    this.ended = true;
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve({ value: undefined, done: true });
    this.settle?.resolve();
  }

  /** From the handler: the exchange failed midway (or was aborted). */
  fail(error: Error): void {
    if (this.ended || this.failure) return;
    this.failure = error;
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
    this.settle?.reject(error);
  }

  /**
   * Hands each chunk to `onChunk` as undici delivers it, what was queued first; settles when the
   * body ends or fails. What `onChunk` throws fails it and closes the exchange.
   */
  forEach(onChunk: (chunk: Buffer) => void): Promise<void> {
    this.taken = true;
    return new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
      this.sink = onChunk;
      for (let chunk = this.queue.shift(); chunk !== undefined; chunk = this.queue.shift()) {
        this.queuedBytes -= chunk.length;
        if (!this.deliver(chunk)) return;
      }
      if (this.failure) reject(this.failure);
      else if (this.ended) resolve();
      else if (this.paused) {
        this.paused = false;
        this.source.resume();
      }
    });
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    this.taken = true;
    return {
      next: () => this.next(),
      // Leaving early (break, a throw in the loop, the SDK discarding an error body): the rest is
      // not wanted, so the exchange is closed rather than left paused on its connection.
      return: () => {
        this.release();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  /** The whole body, read to its end. */
  async bytes(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async text(): Promise<string> {
    return (await this.bytes()).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  /** Discards the body: what is queued is dropped and an unfinished exchange is closed. */
  release(error: Error = new BodyReleasedError()): void {
    this.queue.length = 0;
    this.queuedBytes = 0;
    if (this.ended || this.failure) return;
    this.fail(error);
    this.source.abort(error);
  }

  /** Gives a chunk to the forEach callback; false when the callback threw (the body is failed). */
  private deliver(chunk: Buffer): boolean {
    try {
      (this.sink as (chunk: Buffer) => void)(chunk);
      return true;
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      this.sink = undefined;
      this.settle?.reject(error);
      this.release(error);
      return false;
    }
  }

  private next(): Promise<IteratorResult<Buffer>> {
    const chunk = this.queue.shift();
    if (chunk !== undefined) {
      this.queuedBytes -= chunk.length;
      if (this.paused && this.queuedBytes < HIGH_WATER_BYTES) {
        this.paused = false;
        this.source.resume();
      }
      return Promise.resolve({ value: chunk, done: false });
    }
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
    });
  }
}

/** Why an exchange whose body was let go early was closed. */
export class BodyReleasedError extends Error {
  constructor() {
    super('response body released before its end');
    this.name = 'BodyReleasedError';
  }
}
