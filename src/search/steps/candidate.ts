import type { SearchResult } from '../backends/search-result';
import type { SourceKind } from '../search-run';

/** A retrieved result with the source kind that found it; content starts as the snippet. */
export interface Candidate extends SearchResult {
  readonly kind: SourceKind;
  /** The query whose results held it first (several queries may find one entry). */
  readonly query?: string;
  /**
   * The backend's rank of the candidate (0 = first), or of the page a passage is part of; default:
   * the order candidates arrive in. Ranking sets it, so that a later ranking of the same candidates
   * (quality mode's passages) still knows the backend's order.
   */
  readonly backendRank?: number;
}

/** A candidate after ranking, with its fused rank score. */
export interface RankedCandidate extends Candidate {
  /** Higher is better (1 for the first); comparable within one ranking only. */
  readonly score: number;
}
