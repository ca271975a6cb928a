import type { ModelCallOptions } from '../model.ports';

/** The signal one upstream call runs under: the caller's signal, the timeout, and an own abort. */
export class CallDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly caller: AbortSignal | undefined;
  private expired = false;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  private readonly followCaller = () => this.controller.abort(this.caller?.reason);

  constructor(options: ModelCallOptions | undefined, defaultTimeoutMs: number) {
    this.timeoutMs = options?.timeoutMs ?? defaultTimeoutMs;
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new Error(`no answer within ${this.timeoutMs} ms`));
    }, this.timeoutMs);
    this.signal = this.controller.signal;
    // A listener on the caller's signal rather than AbortSignal.any(): any() builds one more
    // signal per call and keeps weak references to both that the GC must clear.
    this.caller = options?.signal;
    if (this.caller?.aborted) this.controller.abort(this.caller.reason);
    else this.caller?.addEventListener('abort', this.followCaller, { once: true });
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
    // The caller's signal outlives the call (one per search, shared by its calls).
    this.caller?.removeEventListener('abort', this.followCaller);
  }
}
