import type { ConfigType } from '@nestjs/config';
import type { Provider } from '@nestjs/common';
import { SharedCacheFactory } from '../../common/cache/shared-cache.factory';
import { siblingsConfig } from '../../common/config/siblings.config';
import { ReadinessRegistry } from '../../health';
import { QUARRY_METRICS, type QuarryMetrics } from '../../observability';
import { searchConfig } from '../search.config';
import { CachedMetaSearchBackend } from './cached-meta-search.backend';
import { META_SEARCH_BACKEND } from './meta-search.backend';
import { registerMetaSearchReadiness } from './meta-search.readiness';
import { SearxngJsonClient } from './searxng-json.client';

/**
 * The meta-search backend: the search sibling when SEARCH_SVC_URL is set explicitly (it speaks
 * the SearxNG JSON shape at /api/v1/search), else SearxNG at SEARXNG_URL then its fallbacks;
 * cached in the shared cache either way.
 */
export const metaSearchProvider: Provider = {
  provide: META_SEARCH_BACKEND,
  inject: [
    siblingsConfig.KEY,
    searchConfig.KEY,
    SharedCacheFactory,
    ReadinessRegistry,
    { token: QUARRY_METRICS, optional: true },
  ],
  useFactory: (
    siblings: ConfigType<typeof siblingsConfig>,
    search: ConfigType<typeof searchConfig>,
    caches: SharedCacheFactory,
    readiness: ReadinessRegistry,
    metrics: QuarryMetrics | null | undefined,
  ) => {
    const recorder = metrics?.metaSearch;
    const client = siblings.searchSvcExplicit
      ? new SearxngJsonClient({
          name: 'search service',
          baseUrls: [siblings.urls.search],
          path: '/api/v1/search',
          timeoutMs: search.backendTimeoutMs,
          recorder,
        })
      : new SearxngJsonClient({
          name: 'SearxNG',
          baseUrls: search.searxngUrls,
          path: '/search',
          timeoutMs: search.backendTimeoutMs,
          recorder,
        });
    registerMetaSearchReadiness(
      readiness,
      client,
      siblings.searchSvcExplicit
        ? [{ name: 'search-service', baseUrl: siblings.urls.search }]
        : search.searxngUrls.map((baseUrl, index) => ({ name: `searxng:${index + 1}`, baseUrl })),
    );
    const cache = caches.create({ namespace: 'search', maxEntries: search.cacheMaxEntries });
    return new CachedMetaSearchBackend(client, cache, search.cacheTtlMs, metrics?.search);
  },
};
