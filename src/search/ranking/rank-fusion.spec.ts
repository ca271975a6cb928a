import { orderByScore, reciprocalRankFusion, RRF_K } from './rank-fusion';

describe('reciprocalRankFusion', () => {
  it('adds weight / (k + rank) from every ranking that ranks an item', () => {
    const fused = reciprocalRankFusion(3, [
      { order: [0, 1, 2], weight: 1 },
      { order: [2, 0], weight: 1 },
    ]);
    expect(fused[0]).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 2));
    expect(fused[1]).toBeCloseTo(1 / (RRF_K + 2));
    expect(fused[2]).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 1));
  });

  it('gives items that share a rank the same share (passages of one ranked page)', () => {
    const fused = reciprocalRankFusion(3, [{ order: [0, 1, 2], ranks: [0, 0, 1], weight: 1 }]);
    expect(fused[0]).toBeCloseTo(1 / (RRF_K + 1));
    expect(fused[1]).toBeCloseTo(1 / (RRF_K + 1));
    expect(fused[2]).toBeCloseTo(1 / (RRF_K + 2));
  });

  it('lets an item two rankings agree on beat the first of one ranking', () => {
    const fused = reciprocalRankFusion(3, [
      { order: [0, 1, 2], weight: 1 },
      { order: [1, 2, 0], weight: 1 },
      { order: [1, 0, 2], weight: 1 },
    ]);
    expect(orderByScore(fused)).toEqual([1, 0, 2]);
  });

  it('lets a heavier ranking outvote two lighter ones that disagree with it', () => {
    const fused = reciprocalRankFusion(2, [
      { order: [0, 1], weight: 2 },
      { order: [1, 0], weight: 1 },
      { order: [1, 0], weight: 0.9 },
    ]);
    expect(orderByScore(fused)).toEqual([0, 1]);
  });

  it('gives nothing to an item no ranking lists', () => {
    expect(reciprocalRankFusion(3, [{ order: [2], weight: 1 }])).toEqual([0, 0, 1 / (RRF_K + 1)]);
  });
});

describe('orderByScore', () => {
  it('orders best first, drops items scored 0 and keeps input order on ties', () => {
    expect(orderByScore([0.5, 0, 0.9, 0.5])).toEqual([2, 0, 3]);
  });
});
