import { orderByScore, reciprocalRankFusion } from '../ranking/rank-fusion';
import type { RankedCandidate } from './candidate';
import { normalizeUrl } from './url-normalizer';

/**
 * The first ranking (of every candidate, with speed's vote) against the passages' ranking: reading
 * refines the order of close calls; it does not overturn what the search found first, as passages
 * of long pages match more words whether or not they answer.
 */
const FIRST_RANKING_WEIGHT = 3;

/**
 * Passages ordered by reciprocal rank fusion of two orders of their addresses: each address's
 * place in the first ranking, and its place among the passages (where its best passage ranks).
 * Both count addresses, not passages: a read page gives a dozen passages, an unread result its one
 * excerpt, and a page must not get a dozen chances to pass a result for having been read. Within
 * an address the passages keep their own order.
 */
export function fuseWithFirstRanking(
  first: readonly RankedCandidate[],
  passages: readonly RankedCandidate[],
): RankedCandidate[] {
  const addresses = passages.map((passage) => normalizeUrl(passage.url));
  const byPassage = [...new Set(addresses)];
  const firstRank = new Map<string, number>();
  first.forEach((candidate, rank) => {
    const key = normalizeUrl(candidate.url);
    if (!firstRank.has(key)) firstRank.set(key, rank);
  });
  const scores = reciprocalRankFusion(byPassage.length, [
    { order: byPassage.map((_, i) => i), weight: 1 },
    {
      order: byPassage.map((_, i) => i),
      ranks: byPassage.map((key) => firstRank.get(key) ?? first.length),
      weight: FIRST_RANKING_WEIGHT,
    },
  ]);
  const place = new Map(orderByScore(scores).map((i, at) => [byPassage[i], at]));
  return passages
    .map((passage, i) => ({ passage, at: place.get(addresses[i]) ?? byPassage.length, i }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map(({ passage }) => passage);
}
