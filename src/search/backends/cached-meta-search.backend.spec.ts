import { Logger } from '@nestjs/common';
import type { KeyValueCache } from '../../common/cache/key-value-cache';
import { CachedMetaSearchBackend, cacheKey } from './cached-meta-search.backend';
import type { MetaSearchBackend, MetaSearchQuery } from './meta-search.backend';
import type { SearchResult } from './search-result';

const QUERY: MetaSearchQuery = { kind: 'web', query: 'q', language: 'en', pageno: 1 };
const FRESH: SearchResult[] = [{ title: 'Fresh', url: 'https://example.com/a', snippet: 's' }];

class MapCache implements KeyValueCache {
  readonly backend = 'memory' as const;
  readonly entries = new Map<string, string>();
  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.entries.get(key));
  }
  set(key: string, value: string): Promise<void> {
    this.entries.set(key, value);
    return Promise.resolve();
  }
}

function cachedBackend(answer: () => Promise<SearchResult[]> = () => Promise.resolve(FRESH)) {
  const cache = new MapCache();
  let calls = 0;
  const backend: MetaSearchBackend = {
    name: 'fake',
    configured: true,
    search: () => {
      calls++;
      return answer();
    },
  };
  const cached = new CachedMetaSearchBackend(backend, cache, 60_000);
  const key = cacheKey('fake', QUERY);
  return { cached, cache, key, calls: () => calls };
}

describe('CachedMetaSearchBackend', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers from an entry it wrote without calling the backend', async () => {
    const { cached, calls } = cachedBackend();
    await cached.search(QUERY, new AbortController().signal);
    await expect(cached.search(QUERY, new AbortController().signal)).resolves.toEqual(FRESH);
    expect(calls()).toBe(1);
  });

  it.each([
    ['not JSON', 'garbage{'],
    ['an object', '{}'],
    ['null', 'null'],
    ['an item without fields', '[{}]'],
    ['a title that is not text', JSON.stringify([{ ...FRESH[0], title: 1 }])],
    ['a javascript: source', JSON.stringify([{ ...FRESH[0], url: 'javascript:alert(1)' }])],
    ['a file: source', JSON.stringify([{ ...FRESH[0], url: 'file:///etc/passwd' }])],
    ['a data: picture', JSON.stringify([{ ...FRESH[0], imgSrc: 'data:text/html,x' }])],
  ])('reads an entry with %s as a miss and replaces it', async (_kind, value) => {
    const { cached, cache, key, calls } = cachedBackend();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    cache.entries.set(key, value);
    await expect(cached.search(QUERY, new AbortController().signal)).resolves.toEqual(FRESH);
    expect(calls()).toBe(1);
    expect(JSON.parse(cache.entries.get(key)!)).toEqual(FRESH);
  });

  it('logs a foreign entry once while it stays (the backend failing too)', async () => {
    const { cached, cache, key } = cachedBackend(() => Promise.reject(new Error('down')));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    cache.entries.set(key, 'garbage{');
    for (let i = 0; i < 3; i++) {
      await expect(cached.search(QUERY, new AbortController().signal)).rejects.toThrow('down');
    }
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
