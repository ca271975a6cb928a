import { domainAllows, parseDomainFilter } from './domain-filter';
import { parseFilterDate } from './filter-date';
import { filterResults, timeRangeFor } from './result-filter';
import { InvalidSearchFilterError } from './search-filter.errors';
import { buildSearchFilters } from './search-filters.builder';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

describe('domain filter', () => {
  it('allows listed domains and their subdomains, denies "-" entries', () => {
    const filter = parseDomainFilter(['example.com', '-ads.example.com', 'https://Docs.Org/guide']);
    expect(filter).toEqual({ allow: ['example.com', 'docs.org'], deny: ['ads.example.com'] });
    expect(domainAllows(filter, 'https://example.com/a')).toBe(true);
    expect(domainAllows(filter, 'https://www.example.com/a')).toBe(true);
    expect(domainAllows(filter, 'https://ads.example.com/a')).toBe(false);
    expect(domainAllows(filter, 'https://x.ads.example.com/a')).toBe(false);
    expect(domainAllows(filter, 'https://notexample.com/a')).toBe(false);
    expect(domainAllows(filter, 'https://docs.org/b')).toBe(true);
    expect(domainAllows(filter, 'file:///docs/readme.md')).toBe(false);
  });

  it('with only deny entries keeps everything else', () => {
    const filter = parseDomainFilter(['-reddit.com']);
    expect(domainAllows(filter, 'https://old.reddit.com/r/x')).toBe(false);
    expect(domainAllows(filter, 'https://example.org/')).toBe(true);
    expect(domainAllows(filter, 'file:///docs/readme.md')).toBe(true);
  });

  it('rejects more than 20 entries and entries that are not domains', () => {
    const many = Array.from({ length: 21 }, (_, i) => `d${i}.com`);
    expect(() => parseDomainFilter(many)).toThrow(/at most 20/);
    expect(() => parseDomainFilter(['not a domain'])).toThrow(/not a domain/);
    expect(() => parseDomainFilter(['-'])).toThrow(/not a domain/);
    expect(() => parseDomainFilter(['localhost'])).toThrow(/not a domain/);
  });
});

describe('filter dates', () => {
  it('reads MM/DD/YYYY, M/D/YYYY and YYYY-MM-DD as UTC midnight', () => {
    expect(parseFilterDate('03/01/2025')).toBe(Date.UTC(2025, 2, 1));
    expect(parseFilterDate('3/1/2025')).toBe(Date.UTC(2025, 2, 1));
    expect(parseFilterDate('2025-03-01')).toBe(Date.UTC(2025, 2, 1));
  });

  it('refuses impossible and other formats', () => {
    for (const text of ['02/30/2025', '2025-13-01', '01-03-2025', '2025/03/01', 'yesterday', '']) {
      expect(parseFilterDate(text)).toBeUndefined();
    }
  });
});

describe('buildSearchFilters', () => {
  it('builds the filter model and makes before inclusive of its whole day', () => {
    const filters = buildSearchFilters({
      domains: { field: 'd', value: ['a.com'] },
      recency: { field: 'r', value: 'week' },
      after: { field: 'a', value: '01/01/2025' },
      before: { field: 'b', value: '2025-01-31' },
      maxSources: { field: 'm', value: 5 },
    });
    expect(filters).toEqual({
      domains: { allow: ['a.com'], deny: [] },
      recency: 'week',
      afterMs: Date.UTC(2025, 0, 1),
      beforeMs: Date.UTC(2025, 1, 1) - 1,
      maxSources: 5,
    });
  });

  it('names the field in its 400 errors', () => {
    const bad = (raw: Parameters<typeof buildSearchFilters>[0]) => () => buildSearchFilters(raw);
    expect(bad({ after: { field: 'search_after_date_filter', value: '2025-02-30' } })).toThrow(
      InvalidSearchFilterError,
    );
    expect(bad({ after: { field: 'x_after', value: '2025-02-30' } })).toThrow(/^x_after: /);
    expect(
      bad({
        after: { field: 'afterDate', value: '2025-03-02' },
        before: { field: 'beforeDate', value: '2025-03-01' },
      }),
    ).toThrow('afterDate: must not be later than beforeDate');
    expect(bad({ maxSources: { field: 'max_sources', value: 51 } })).toThrow(/max_sources/);
    expect(bad({ maxSources: { field: 'max_sources', value: 0 } })).toThrow(/1 to 50/);
    expect(bad({ domains: { field: 'search_domain_filter', value: ['bad domain'] } })).toThrow(
      /search_domain_filter/,
    );
    const tooMany = bad({ maxSources: { field: 'maxSources', value: 99 } });
    expect(tooMany).toThrow(InvalidSearchFilterError);
    expect(tooMany).toThrow(expect.objectContaining({ statusCode: 400, param: 'maxSources' }));
  });
});

describe('time range and result filtering', () => {
  it('maps recency to the SearxNG time_range, hour to day', () => {
    expect(timeRangeFor({ recency: 'hour' }, NOW)).toBe('day');
    expect(timeRangeFor({ recency: 'day' }, NOW)).toBe('day');
    expect(timeRangeFor({ recency: 'week' }, NOW)).toBe('week');
    expect(timeRangeFor({ recency: 'month' }, NOW)).toBe('month');
    expect(timeRangeFor({ recency: 'year' }, NOW)).toBe('year');
    expect(timeRangeFor({}, NOW)).toBeUndefined();
    expect(timeRangeFor(undefined, NOW)).toBeUndefined();
  });

  it('narrows the time_range to cover an after date, and none beyond a year', () => {
    expect(timeRangeFor({ afterMs: NOW - 5 * 86_400_000 }, NOW)).toBe('week');
    expect(timeRangeFor({ afterMs: NOW - 20 * 86_400_000, recency: 'year' }, NOW)).toBe('month');
    expect(timeRangeFor({ afterMs: NOW - 400 * 86_400_000 }, NOW)).toBeUndefined();
  });

  it('drops results outside the dates and domains, keeps undated ones', () => {
    const results = [
      { url: 'https://a.com/new', publishedDate: daysAgo(0.01) },
      { url: 'https://a.com/old', publishedDate: daysAgo(3) },
      { url: 'https://a.com/undated' },
      { url: 'https://b.com/new', publishedDate: daysAgo(0.01) },
      { url: 'https://a.com/garbage-date', publishedDate: 'not a date' },
    ];
    const kept = filterResults(
      results,
      { recency: 'hour', domains: { allow: ['a.com'], deny: [] } },
      NOW,
    );
    expect(kept.map((r) => r.url)).toEqual([
      'https://a.com/new',
      'https://a.com/undated',
      'https://a.com/garbage-date',
    ]);
    const before = filterResults(results, { beforeMs: NOW - 86_400_000 }, NOW);
    expect(before.map((r) => r.url)).toEqual([
      'https://a.com/old',
      'https://a.com/undated',
      'https://a.com/garbage-date',
    ]);
  });
});
