import { CoalescingWriter } from './coalescing-writer';

/** A write that waits until released, recording the groups it was given. */
function gatedWrite(refuse?: string) {
  const groups: string[][] = [];
  let release = () => {};
  let gate = new Promise<void>((resolve) => (release = resolve));
  const write = async (items: string[]) => {
    groups.push(items);
    await gate;
    if (refuse && items.includes(refuse)) throw new Error(`refused ${refuse}`);
    return new Set(items);
  };
  return {
    groups,
    write,
    open: () => {
      release();
      gate = Promise.resolve();
    },
  };
}

describe('CoalescingWriter', () => {
  it('writes a lone item at once and the items finished meanwhile together, next', async () => {
    const { groups, write, open } = gatedWrite();
    const writer = new CoalescingWriter(write);
    const first = writer.add('a');
    expect(groups).toEqual([['a']]);
    const rest = [writer.add('b'), writer.add('c')];
    open();
    await expect(Promise.all([first, ...rest])).resolves.toEqual([true, true, true]);
    expect(groups).toEqual([['a'], ['b', 'c']]);
  });

  it('fails only the item the write refuses; the others of its group are written', async () => {
    const { write, open } = gatedWrite('bad');
    const writer = new CoalescingWriter(write);
    const added = ['a', 'b', 'bad', 'c'].map((item) => writer.add(item));
    open();
    const outcomes = await Promise.allSettled(added);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
  });
});
