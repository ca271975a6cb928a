/**
 * How many requests of one kind each caller has running on this replica, capped at `limit`.
 * A slot is taken before the work starts and given back once, whichever of its ends comes first.
 */
export class CallerSlots {
  private readonly running = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** A function that gives the slot back (idempotent), or undefined when the caller has `limit` running. */
  take(caller: string): (() => void) | undefined {
    const count = this.running.get(caller) ?? 0;
    if (count >= this.limit) return undefined;
    this.running.set(caller, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(caller) ?? 1) - 1;
      if (left > 0) this.running.set(caller, left);
      else this.running.delete(caller);
    };
  }
}
