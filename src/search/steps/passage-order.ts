import type { RankedCandidate } from './candidate';
import { normalizeUrl } from './url-normalizer';

/**
 * The first ranking's results with what reading added (quality mode). A read page is evidence for
 * its own result only: the read pages share among themselves the places they held in the first
 * ranking, in the order of their best passages (whole pages judged against whole pages), and every
 * result not read keeps its place and its excerpt. A page's passages thus never outrank an excerpt
 * for having more words. A read page whose passages all went as near-duplicates of another's is
 * dropped, as any near-duplicate is. Within an address the passages keep their own order.
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
  // Map keys keep insertion order: the read addresses by their best passage.
  const readOrder = [...readPassages.keys()];
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
    order.push(...readPassages.get(readOrder[placed.size - 1])!);
  }
  return order;
}
