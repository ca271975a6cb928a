import type { SearchResult } from '../backends/search-result';
import type { SourceKind } from '../search-run';

/** A retrieved result with the source kind that found it; content starts as the snippet. */
export interface Candidate extends SearchResult {
  readonly kind: SourceKind;
}

/** A candidate with its relevance to the query (cosine similarity, or 0 when unranked). */
export interface RankedCandidate extends Candidate {
  readonly score: number;
}
