import type { RankedCandidate } from './candidate';
import { normalizeUrl } from './url-normalizer';

/**
 * The first ranking's results with what reading added (quality mode). Every result keeps its
 * place: a read page's passages stand where its excerpt stood, so reading gives the answer more
 * to quote without reordering what balanced mode would return (reordering the read pages among
 * themselves by their passages made the order worse as often as better). A read page whose
 * passages all went as near-duplicates of another's is dropped, as any near-duplicate is. Within
 * an address the passages keep the order of their ranking.
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
  const order: RankedCandidate[] = [];
  const placed = new Set<string>();
  for (const candidate of first) {
    const key = normalizeUrl(candidate.url);
    if (!read(candidate)) {
      order.push(candidate);
      continue;
    }
    // A page whose every passage went as a near-duplicate of another's is a copy of that page.
    if (placed.has(key) || !readPassages.has(key)) continue;
    placed.add(key);
    order.push(...readPassages.get(key)!);
  }
  return order;
}
