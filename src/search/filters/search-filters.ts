import type { DomainFilter } from './domain-filter';
import type { Recency } from './recency';

/**
 * How a search is narrowed, independent of the HTTP shape that asked for it (Sonar's
 * search_* fields on /v1/chat/completions, domainFilter... on /api/search).
 */
export interface SearchFilters {
  /** Hosts to keep (allow) and to drop (deny); subdomains match. */
  readonly domains?: DomainFilter;
  /** Only results published within this period before now. */
  readonly recency?: Recency;
  /** Only results published on or after this day (UTC midnight, epoch ms). */
  readonly afterMs?: number;
  /** Only results published on or before this day (end of the UTC day, epoch ms). */
  readonly beforeMs?: number;
  /** How many sources the answer is written from (1..50); the mode's default when absent. */
  readonly maxSources?: number;
}

export const MAX_SOURCES_LIMIT = 50;
