import { domainAllows } from './domain-filter';
import { RECENCY_MS, timeRangeCovering, type TimeRange } from './recency';
import type { SearchFilters } from './search-filters';

/** What the filters look at in a result. */
export interface FilterableResult {
  readonly url: string;
  readonly publishedDate?: string;
}

/**
 * The SearxNG time_range to ask for: the narrowest range covering both the recency period and
 * the after-date window, so the backend drops old results itself; undefined when neither
 * applies or the window is longer than a year.
 */
export function timeRangeFor(
  filters: SearchFilters | undefined,
  now: number,
): TimeRange | undefined {
  if (!filters) return undefined;
  const windows: number[] = [];
  if (filters.recency) windows.push(RECENCY_MS[filters.recency]);
  if (filters.afterMs !== undefined) windows.push(Math.max(0, now - filters.afterMs));
  return windows.length > 0 ? timeRangeCovering(Math.min(...windows)) : undefined;
}

/** The earliest publication time a result may have, or undefined when nothing bounds it. */
function earliestMs(filters: SearchFilters, now: number): number | undefined {
  const bounds: number[] = [];
  if (filters.recency) bounds.push(now - RECENCY_MS[filters.recency]);
  if (filters.afterMs !== undefined) bounds.push(filters.afterMs);
  return bounds.length > 0 ? Math.max(...bounds) : undefined;
}

/**
 * Keeps the results the filters allow, in order. Domains are checked on every result; dates
 * only where the result has a readable publication date (the backend's time_range already
 * applied to the rest, and local documents have none), so an undated result is kept.
 */
export function filterResults<T extends FilterableResult>(
  results: readonly T[],
  filters: SearchFilters | undefined,
  now: number,
): T[] {
  if (!filters) return [...results];
  const earliest = earliestMs(filters, now);
  const latest = filters.beforeMs;
  const domains = filters.domains;
  return results.filter((result) => {
    if (domains && !domainAllows(domains, result.url)) return false;
    if (earliest === undefined && latest === undefined) return true;
    const published = result.publishedDate ? Date.parse(result.publishedDate) : NaN;
    if (Number.isNaN(published)) return true;
    if (earliest !== undefined && published < earliest) return false;
    if (latest !== undefined && published > latest) return false;
    return true;
  });
}
