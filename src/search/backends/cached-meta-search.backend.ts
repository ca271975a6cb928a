import { hash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { KeyValueCache } from '../../common/cache/key-value-cache';
import type { SearchMetrics } from '../../observability';
import { inSpan } from '../../common/tracing/tracing-state';
import { cachedSearchResults } from './cached-search-results';
import type { MetaSearchBackend, MetaSearchQuery } from './meta-search.backend';
import type { SearchResult } from './search-result';

// Keys whose unreadable entry was logged, so a bad entry that stays (the backend failing too) is
// logged once, not on every request until it expires.
const MAX_REPORTED_KEYS = 1_000;

/**
 * Caches a backend's results by a SHA-256 of (backend, query, source kind, parameters). An entry
 * that is not what this class wrote (see cachedSearchResults) is a miss, replaced by fresh results.
 */
export class CachedMetaSearchBackend implements MetaSearchBackend {
  private readonly logger = new Logger('SearchCache');
  private readonly reported = new LRUCache<string, true>({ max: MAX_REPORTED_KEYS });

  constructor(
    private readonly backend: MetaSearchBackend,
    private readonly cache: KeyValueCache,
    private readonly ttlMs: number,
    private readonly metrics?: SearchMetrics,
  ) {}

  get name(): string {
    return this.backend.name;
  }

  get configured(): boolean {
    return this.backend.configured;
  }

  search(query: MetaSearchQuery, signal: AbortSignal): Promise<SearchResult[]> {
    // One span per backend call of the retrieve step (tracing on only).
    return inSpan(
      `meta_search ${this.backend.name}`,
      { 'quarry.search.kind': query.kind, 'quarry.search.pageno': query.pageno },
      () => this.searchCached(query, signal),
    );
  }

  private async searchCached(query: MetaSearchQuery, signal: AbortSignal): Promise<SearchResult[]> {
    if (this.ttlMs <= 0) return this.backend.search(query, signal);
    const key = cacheKey(this.backend.name, query);
    const cached = this.readable(key, await this.cache.get(key));
    this.metrics?.cacheLookup(cached !== undefined);
    if (cached !== undefined) return cached;
    const results = await this.backend.search(query, signal);
    await this.cache.set(key, JSON.stringify(results), this.ttlMs);
    return results;
  }

  private readable(key: string, value: string | undefined): SearchResult[] | undefined {
    if (value === undefined) return undefined;
    const results = cachedSearchResults(value);
    if (results === undefined && !this.reported.has(key)) {
      this.reported.set(key, true, { ttl: Math.max(this.ttlMs, 1) });
      this.logger.warn(
        `search cache entry ${key.slice(0, 12)}… is not a result list Quarry wrote ` +
          `(${JSON.stringify(value.slice(0, 40))}); searching afresh`,
      );
    }
    return results;
  }
}

export function cacheKey(backend: string, query: MetaSearchQuery): string {
  const parts = [
    backend,
    query.query,
    query.kind,
    [...(query.categories ?? [])].sort().join(','),
    [...(query.engines ?? [])].sort().join(','),
    query.language,
    String(query.pageno),
    // Appended only when set, so keys of unfiltered searches stay what they were.
    ...(query.timeRange ? [query.timeRange] : []),
  ];
  return hash('sha256', JSON.stringify(parts), 'hex');
}
