import { AuthServiceBusyError } from './auth.errors';

/**
 * A cap on concurrent calls to the auth service: up to `limit` run at once, as many again wait in
 * line (first come, first served), and a caller beyond that is refused at once with 503 rather
 * than queued without bound. The wait is bounded by the calls ahead, each bounded by
 * AUTH_TIMEOUT_MS. Hand-written: p-limit and p-queue queue without a bound, and the whole of it is
 * a counter and a FIFO of resolvers.
 */
export class ValidationSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Runs `call` in a slot, waiting for one when all are taken; rejects when the line is full too. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.limit) throw new AuthServiceBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await call();
    } finally {
      this.release();
    }
  }

  private release(): void {
    // The slot passes straight to the first in line, so `running` counts it throughout.
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
