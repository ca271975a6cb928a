import { orderByScore, reciprocalRankFusion } from '../ranking/rank-fusion';
import type { RankedCandidate } from './candidate';
import { normalizeUrl } from './url-normalizer';

/**
 * The first ranking's results with what reading added (quality mode). A result that was not read
 * keeps its place. The read pages keep the places read pages held, and share them out again by
 * reciprocal rank fusion of two equal orders: the first ranking's (made on excerpts) and their
 * best passage's place in the ranking of passages (made on the page's own text). Read evidence
 * thus moves a page among the read ones, never past a result it could not be compared with on the
 * same footing (an FAQ entry, which is not read). A read page whose passages all went as
 * near-duplicates of another's is dropped, as any near-duplicate is. Within an address the
 * passages keep the order of their ranking.
 *
 * `first`: the first ranking (its results, best first); `passages`: the ranking of its best results
 * with read pages cut into passages; `read`: whether a result's page was read and cut into them.
 */
export function withReadPages(
  first: readonly RankedCandidate[],
  passages: readonly RankedCandidate[],
  read: (candidate: RankedCandidate) => boolean,
): RankedCandidate[] {
  const readPassages = new Map<string, RankedCandidate[]>();
  for (const passage of passages) {
    if (!read(passage)) continue;
    const key = normalizeUrl(passage.url);
    readPassages.set(key, [...(readPassages.get(key) ?? []), passage]);
  }
  const slots: Array<RankedCandidate | string> = [];
  // The read pages in the first ranking's order.
  const readPages: string[] = [];
  for (const candidate of first) {
    const key = normalizeUrl(candidate.url);
    if (!read(candidate)) {
      slots.push(candidate);
      continue;
    }
    // A page whose every passage went as a near-duplicate of another's is a copy of that page.
    if (readPages.includes(key) || !readPassages.has(key)) continue;
    readPages.push(key);
    slots.push(key);
  }
  // Map keys keep insertion order: the read pages by their best passage.
  const byPassage = [...readPassages.keys()]
    .map((key) => readPages.indexOf(key))
    .filter((at) => at !== -1);
  const fused = reciprocalRankFusion(readPages.length, [
    { order: readPages.map((_, at) => at), weight: 1 },
    { order: byPassage, weight: 1 },
  ]);
  // Ties keep the first ranking's order.
  const byFused = orderByScore(fused).map((at) => readPages[at]);
  let next = 0;
  return slots.flatMap((slot) =>
    typeof slot === 'string' ? readPassages.get(byFused[next++])! : [slot],
  );
}
