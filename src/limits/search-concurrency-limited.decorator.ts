import { SetMetadata } from '@nestjs/common';

export const SEARCH_CONCURRENCY_LIMITED = 'quarry:search-concurrency-limited';

/**
 * Marks a handler that runs a whole search (retrieval and a model call), plain or streamed: the
 * SearchConcurrencyGuard caps how many of these one caller runs at once (SEARCH_MAX_CONCURRENT_PER_CLIENT).
 */
export const SearchConcurrencyLimited = () => SetMetadata(SEARCH_CONCURRENCY_LIMITED, true);
