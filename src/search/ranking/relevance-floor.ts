import { missesSpecificStems, type ContentStems } from '../../providers';

/**
 * The relevance floor: which candidates speak about the question at all. It works on term
 * coverage (the IDF-weighted share of the question's words a candidate contains), because that is
 * comparable across questions and embedding models while fused ranks are not.
 *
 * - When even the best candidate covers less than NOTHING_RELEVANT_BELOW of the question, the
 *   search found nothing about it: no source is kept, and the answer says so.
 * - Otherwise a candidate is kept when it covers at least MIN_COVERAGE of the question and at
 *   least RELATIVE_TO_BEST of what the best candidate covers, so a page about one word of the
 *   question does not pad the list of a question other pages answer.
 * - The backend's own first results (`trustedFirst`) are kept whenever they share a word with the
 *   question: the backend ranked them on their whole text, while coverage here may only see a short
 *   excerpt, and dropping them made results worse than the backend's own order.
 */
export const NOTHING_RELEVANT_BELOW = 0.15;
export const MIN_COVERAGE = 0.1;
export const RELATIVE_TO_BEST = 0.25;

export function aboveFloor(coverage: readonly number[], trustedFirst = 0): Set<number> {
  const best = Math.max(0, ...coverage);
  if (best < NOTHING_RELEVANT_BELOW) return new Set();
  const floor = Math.max(MIN_COVERAGE, RELATIVE_TO_BEST * best);
  const kept = new Set<number>();
  coverage.forEach((value, index) => {
    if (value >= floor || (index < trustedFirst && value > 0)) kept.add(index);
  });
  return kept;
}

/**
 * Whether the candidates miss what the question is about: at least half of its specific terms
 * (those that are not everyday words of its language: names of products, tools, things) appear in
 * none of them, and no one of them holds the rest of the question (all of its everyday terms when
 * a missing term is written as a name, most of them otherwise; see missesSpecificStems). Coverage
 * alone cannot tell "How do I roll back a database migration in <a framework the documents never
 * name>?" from an answerable question, since the everyday words ("database", "migration") are
 * covered either way; the name is what was asked about. A question without specific terms is
 * never judged so.
 *
 * Meant for whole passages: a search engine's excerpt shows a couple of hundred characters of a
 * page, so a term it leaves out may well be on the page.
 */
export function missesSpecificTerms(
  question: ContentStems,
  documents: readonly ReadonlySet<string>[],
): boolean {
  return missesSpecificStems(question, documents);
}
