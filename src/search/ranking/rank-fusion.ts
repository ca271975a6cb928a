/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): each ranking adds
 * weight / (k + rank) for every item it ranks. It needs no score calibration, so the backend's
 * order, BM25 and the cosine of any embedding model (whose scales differ) combine without tuning;
 * an item a ranking leaves out (no shared term, no embedding) gets nothing from it. k = 60 is the
 * paper's value; a weight other than 1 says one ranking saw more evidence than the others.
 */
export const RRF_K = 60;

export interface WeightedRanking {
  /** Item indexes, best first. */
  readonly order: readonly number[];
  /** The rank (0 = first) of each entry of order, when some share one; default its position. */
  readonly ranks?: readonly number[];
  readonly weight: number;
}

/** Fused score of every item. */
export function reciprocalRankFusion(
  itemCount: number,
  rankings: readonly WeightedRanking[],
  k = RRF_K,
): number[] {
  const fused = new Array<number>(itemCount).fill(0);
  for (const { order, ranks, weight } of rankings) {
    order.forEach((item, position) => {
      fused[item] += weight / (k + (ranks?.[position] ?? position) + 1);
    });
  }
  return fused;
}

/** Indexes of the items with a positive score, best first (ties keep the input order). */
export function orderByScore(scores: readonly number[]): number[] {
  return scores
    .map((score, index) => ({ score, index }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.index);
}
