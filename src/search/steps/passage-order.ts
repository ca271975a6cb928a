import { RRF_K } from '../ranking/rank-fusion';
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
  // A read page's place in the passage ranking: where its best passage stands among read pages.
  const passagePlace = new Map([...readPassages.keys()].map((key, place) => [key, place]));
  const slots: Array<RankedCandidate | string> = [];
  const readPages: Array<{ key: string; fused: number }> = [];
  const seen = new Set<string>();
  for (const candidate of first) {
    const key = normalizeUrl(candidate.url);
    if (!read(candidate)) {
      slots.push(candidate);
      continue;
    }
    // A page whose every passage went as a near-duplicate of another's is a copy of that page.
    if (seen.has(key) || !readPassages.has(key)) continue;
    seen.add(key);
    const fused = 1 / (RRF_K + seen.size) + 1 / (RRF_K + 1 + passagePlace.get(key)!);
    readPages.push({ key, fused });
    slots.push(key);
  }
  // A stable sort: pages the fusion ties keep the first ranking's order.
  const byFused = readPages.sort((a, b) => b.fused - a.fused).map((page) => page.key);
  let next = 0;
  return slots.flatMap((slot) =>
    typeof slot === 'string' ? readPassages.get(byFused[next++])! : [slot],
  );
}
