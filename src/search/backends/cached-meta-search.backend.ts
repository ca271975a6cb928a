import { hash } from 'node:crypto';
import type { KeyValueCache } from '../../common/cache/key-value-cache';
import type { SearchMetrics } from '../../observability';
import { inSpan } from '../../common/tracing/tracing-state';
import type { MetaSearchBackend, MetaSearchQuery } from './meta-search.backend';
import type { SearchResult } from './search-result';

/** Caches a backend's results by a SHA-256 of (backend, query, source kind, parameters). */
export class CachedMetaSearchBackend implements MetaSearchBackend {
  constructor(
    private readonly backend: MetaSearchBackend,
    private readonly cache: KeyValueCache,
    private readonly ttlMs: number,
    private readonly metrics?: SearchMetrics,
  ) {}

  get name(): string {
    return this.backend.name;
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
    const cached = await this.cache.get(key);
    this.metrics?.cacheLookup(cached !== undefined);
    if (cached !== undefined) return JSON.parse(cached) as SearchResult[];
    const results = await this.backend.search(query, signal);
    await this.cache.set(key, JSON.stringify(results), this.ttlMs);
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
