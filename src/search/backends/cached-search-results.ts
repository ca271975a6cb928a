import type { SearchResult } from './search-result';
import { webUrl } from './web-url';

const OPTIONAL_TEXT = ['publishedDate'] as const;
const OPTIONAL_ADDRESSES = ['imgSrc', 'thumbnailSrc', 'iframeSrc'] as const;

/**
 * The results of a search-cache entry, or undefined when the entry is not what Quarry writes: not
 * JSON, not an array, or any item without the fields of a SearchResult or with an address that is
 * not http(s). Redis is shared; whatever else put a value there, it is read as a miss.
 */
export function cachedSearchResults(value: string): SearchResult[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  return Array.isArray(parsed) && parsed.every(isSearchResult) ? parsed : undefined;
}

function isSearchResult(item: unknown): item is SearchResult {
  if (typeof item !== 'object' || item === null) return false;
  const fields = item as Record<string, unknown>;
  return (
    typeof fields.title === 'string' &&
    typeof fields.snippet === 'string' &&
    webUrl(fields.url) === fields.url &&
    OPTIONAL_TEXT.every((name) => fields[name] === undefined || typeof fields[name] === 'string') &&
    OPTIONAL_ADDRESSES.every(
      (name) => fields[name] === undefined || webUrl(fields[name]) === fields[name],
    )
  );
}
