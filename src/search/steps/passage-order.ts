import { orderByScore, reciprocalRankFusion } from '../ranking/rank-fusion';
import type { RankedCandidate } from './candidate';
import { normalizeUrl } from './url-normalizer';

/**
 * Passages ordered by reciprocal rank fusion of their page's place in the first ranking and their
 * own place among the passages (ties: the passage order).
 */
export function fuseWithFirstRanking(
  first: readonly RankedCandidate[],
  passages: readonly RankedCandidate[],
): RankedCandidate[] {
  const firstRank = new Map<string, number>();
  first.forEach((candidate, rank) => {
    const key = normalizeUrl(candidate.url);
    if (!firstRank.has(key)) firstRank.set(key, rank);
  });
  const scores = reciprocalRankFusion(passages.length, [
    { order: passages.map((_, i) => i), weight: 1 },
    {
      order: passages.map((_, i) => i),
      ranks: passages.map((p) => firstRank.get(normalizeUrl(p.url)) ?? first.length),
      weight: 1,
    },
  ]);
  return orderByScore(scores).map((i) => passages[i]);
}
