import type { TimeRange } from '../filters/recency';
import type { SearchResult } from './search-result';

/** What a meta-search backend is asked: one query with either categories or engines. */
export interface MetaSearchQuery {
  /** The source kind asking; part of the cache key, not sent. */
  readonly kind: string;
  readonly query: string;
  readonly categories?: readonly string[];
  readonly engines?: readonly string[];
  readonly language: string;
  readonly pageno: number;
  /** SearxNG time_range: only results from the last day, week, month or year. */
  readonly timeRange?: TimeRange;
}

/** A meta-search service speaking the SearxNG JSON API (SearxNG itself, or the search sibling). */
export interface MetaSearchBackend {
  /** Shown in errors and used in cache keys, e.g. "SearxNG". */
  readonly name: string;
  /** Whether it has an address to ask; without one every search fails (503). */
  readonly configured: boolean;
  search(query: MetaSearchQuery, signal: AbortSignal): Promise<SearchResult[]>;
}

export const META_SEARCH_BACKEND = Symbol('search:meta-search-backend');
