import { ValidationSlots } from './validation-slots';

/** A call that runs until the test settles it. */
function heldCall() {
  let settle!: () => void;
  const done = new Promise<string>((resolve) => (settle = () => resolve('answered')));
  return { call: () => done, settle };
}

describe('ValidationSlots', () => {
  it('runs up to the limit at once, queues as many again in order, and refuses the rest with 503', async () => {
    const slots = new ValidationSlots(2);
    const started: number[] = [];
    const held = [heldCall(), heldCall()];
    const running = held.map((h, i) =>
      slots.run(() => {
        started.push(i);
        return h.call();
      }),
    );
    const queued = [2, 3].map((i) =>
      slots.run(() => {
        started.push(i);
        return Promise.resolve('queued');
      }),
    );
    await expect(slots.run(() => Promise.resolve('too many'))).rejects.toMatchObject({
      statusCode: 503,
      headers: { 'retry-after': '1' },
    });
    expect(started).toEqual([0, 1]);

    held[0].settle();
    await expect(running[0]).resolves.toBe('answered');
    await expect(queued[0]).resolves.toBe('queued');
    await expect(queued[1]).resolves.toBe('queued');
    expect(started).toEqual([0, 1, 2, 3]);
    held[1].settle();
    await running[1];
    // Every slot is free again: a full round runs at once.
    await expect(
      Promise.all([1, 2].map(() => slots.run(() => Promise.resolve(1)))),
    ).resolves.toEqual([1, 1]);
  });

  it('frees the slot of a call that fails', async () => {
    const slots = new ValidationSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
