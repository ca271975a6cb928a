import { DomainFilterError, parseDomainFilter } from './domain-filter';
import { DAY_MS, FILTER_DATE_FORMATS, parseFilterDate } from './filter-date';
import type { Recency } from './recency';
import { InvalidSearchFilterError } from './search-filter.errors';
import { MAX_SOURCES_LIMIT, type SearchFilters } from './search-filters';

/** Filter values as a request carries them, with the field names that request uses. */
export interface RawSearchFilters {
  readonly domains?: { readonly field: string; readonly value?: readonly string[] };
  readonly recency?: { readonly field: string; readonly value?: Recency };
  readonly after?: { readonly field: string; readonly value?: string };
  readonly before?: { readonly field: string; readonly value?: string };
  readonly maxSources?: { readonly field: string; readonly value?: number };
}

/**
 * Turns request fields into SearchFilters, or throws InvalidSearchFilterError (400) naming the
 * field: a bad domain, more than 20 domains, an unreadable date, after later than before.
 */
export function buildSearchFilters(raw: RawSearchFilters): SearchFilters {
  const filters: { -readonly [K in keyof SearchFilters]: SearchFilters[K] } = {};
  if (raw.domains?.value?.length) {
    try {
      filters.domains = parseDomainFilter(raw.domains.value);
    } catch (error) {
      if (error instanceof DomainFilterError) {
        throw new InvalidSearchFilterError(raw.domains.field, error.message);
      }
      throw error;
    }
  }
  if (raw.recency?.value) filters.recency = raw.recency.value;
  // null counts as absent, as @IsOptional() lets it through validation.
  if (raw.after?.value != null) filters.afterMs = readDate(raw.after.field, raw.after.value);
  if (raw.before?.value != null) {
    filters.beforeMs = readDate(raw.before.field, raw.before.value) + DAY_MS - 1;
  }
  if (
    filters.afterMs !== undefined &&
    filters.beforeMs !== undefined &&
    filters.afterMs > filters.beforeMs
  ) {
    throw new InvalidSearchFilterError(
      raw.after!.field,
      `must not be later than ${raw.before!.field}`,
    );
  }
  const maxSources = raw.maxSources?.value;
  if (maxSources != null) {
    if (!Number.isInteger(maxSources) || maxSources < 1 || maxSources > MAX_SOURCES_LIMIT) {
      throw new InvalidSearchFilterError(
        raw.maxSources!.field,
        `must be an integer from 1 to ${MAX_SOURCES_LIMIT}`,
      );
    }
    filters.maxSources = maxSources;
  }
  return filters;
}

function readDate(field: string, value: string): number {
  const ms = parseFilterDate(value);
  if (ms === undefined) {
    throw new InvalidSearchFilterError(field, `"${value}" is not a date in ${FILTER_DATE_FORMATS}`);
  }
  return ms;
}
