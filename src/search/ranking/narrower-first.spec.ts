import { narrowerFirst } from './narrower-first';

describe('narrowerFirst', () => {
  it("keeps the narrower search's order whatever the judging score says of it", () => {
    expect(narrowerFirst([0, 1, 2], [], [0.1, 0.3, 0.2])).toEqual([0, 1, 2]);
  });

  it('places an extra below every narrower result that the judge puts above it', () => {
    // 3 beats 0 but not 1, which the narrower search ranked below 0: 3 goes below 1.
    expect(narrowerFirst([0, 1, 2], [3], [0.1, 0.5, 0.2, 0.3])).toEqual([0, 1, 3, 2]);
  });

  it('places an extra that beats every narrower result first, and one that beats none last', () => {
    expect(narrowerFirst([0, 1], [2, 3], [0.4, 0.3, 0.1, 0.9])).toEqual([3, 0, 1, 2]);
  });
});
