import { getEventListeners } from 'node:events';
import { CallDeadline } from './call-deadline';

describe('CallDeadline', () => {
  it("aborts with the caller's reason when the caller aborts", () => {
    const caller = new AbortController();
    const deadline = new CallDeadline({ signal: caller.signal }, 10_000);
    caller.abort(new Error('client gone'));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toEqual(new Error('client gone'));
    expect(deadline.timedOut).toBe(false);
    deadline.dispose();
  });

  it('starts aborted under a caller signal that already is', () => {
    const deadline = new CallDeadline({ signal: AbortSignal.abort(new Error('gone')) }, 10_000);
    expect(deadline.signal.aborted).toBe(true);
    deadline.dispose();
  });

  it('times out on its own, and says so', async () => {
    const deadline = new CallDeadline({ timeoutMs: 5 }, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.timedOut).toBe(true);
    deadline.dispose();
  });

  it("leaves no listener on the caller's signal once disposed", () => {
    const caller = new AbortController();
    for (let i = 0; i < 3; i++) new CallDeadline({ signal: caller.signal }, 10_000).dispose();
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});
