import type { ModelCallOptions } from '../model.ports';

/** The signal one upstream call runs under: the caller's signal, the timeout, and an own abort. */
export class CallDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private expired = false;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;

  constructor(options: ModelCallOptions | undefined, defaultTimeoutMs: number) {
    this.timeoutMs = options?.timeoutMs ?? defaultTimeoutMs;
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new Error(`no answer within ${this.timeoutMs} ms`));
    }, this.timeoutMs);
    this.signal = options?.signal
      ? AbortSignal.any([options.signal, this.controller.signal])
      : this.controller.signal;
  }

  /** True when the timeout, not the caller, ended the call. */
  get timedOut(): boolean {
    return this.expired;
  }

  abort(): void {
    this.controller.abort(new Error('cancelled'));
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
