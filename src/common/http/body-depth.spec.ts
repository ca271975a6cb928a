import { nestedDeeperThan } from './body-depth';

describe('nestedDeeperThan', () => {
  it('counts each array or object level, scalars add none', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({}, 1)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nestedDeeperThan(deep, 64)).toBe(true);
  });

  it('leaves non-plain objects (streams, buffers) alone', () => {
    expect(nestedDeeperThan(Buffer.from('x'), 0)).toBe(false);
    expect(nestedDeeperThan(new Map([[1, { a: 1 }]]), 0)).toBe(false);
  });
});
