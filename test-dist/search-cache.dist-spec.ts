import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { FakeSearxngServer } from '../test/fakes/fake-searxng.server';
import { QuarryProcess } from './support/quarry-process';

const REDIS_URL = process.env.REDIS_URL;
const BUILTIN = 'f3940a4c-6411-599a-84a5-f1cc0898e3f3';

interface Answer {
  sources: Array<{ metadata: { url: string } }>;
}

// Values another writer (or a damaged Redis) could leave under a search-cache key.
const FOREIGN_VALUES: Record<string, string> = {
  'not JSON': 'garbage{',
  'an object': '{}',
  null: 'null',
  'items without fields': '[{}]',
  'a javascript: source': JSON.stringify([
    { title: 'x', url: 'javascript:alert(1)', snippet: 'x' },
  ]),
  'a file: source': JSON.stringify([{ title: 'x', url: 'file:///etc/passwd', snippet: 'x' }]),
};

/** The search cache in Redis shared with the built service: entries it holds are replaced by others. */
(REDIS_URL ? describe : describe.skip)('search cache entries Quarry did not write', () => {
  let searxng: FakeSearxngServer;
  let quarry: QuarryProcess;
  let redis: Redis;

  beforeAll(async () => {
    searxng = await FakeSearxngServer.start();
    redis = new Redis(REDIS_URL!);
    quarry = await QuarryProcess.start({
      AUTH_REQUIRED: 'false',
      SEARXNG_URL: searxng.url,
      REDIS_URL: REDIS_URL!,
    });
  }, 60_000);
  afterAll(async () => {
    await quarry?.stop();
    await searxng?.close();
    redis?.disconnect();
  });

  const search = (query: string) =>
    fetch(`${quarry.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chatModel: { providerId: BUILTIN, key: 'extractive' },
        embeddingModel: { providerId: BUILTIN, key: 'hashing' },
        sources: ['web'],
        query,
      }),
    });

  /** Searches once (answered by the fake) and returns the cache keys that search wrote. */
  async function cachedSearch(query: string): Promise<string[]> {
    const before = new Set(await redis.keys('quarry:search:*'));
    expect((await search(query)).status).toBe(200);
    const written = (await redis.keys('quarry:search:*')).filter((key) => !before.has(key));
    expect(written.length).toBeGreaterThan(0);
    return written;
  }

  it.each(Object.entries(FOREIGN_VALUES))(
    'reads %s as a miss: the search is answered from the backend, every source http(s)',
    async (_kind, value) => {
      const query = `cache entry ${randomUUID()}`;
      const keys = await cachedSearch(query);
      for (const key of keys) await redis.set(key, value, 'PX', 60_000);
      const searches = searxng.searches.length;

      const res = await search(query);
      expect(res.status).toBe(200);
      const answer = (await res.json()) as Answer;
      expect(answer.sources.length).toBeGreaterThan(0);
      for (const source of answer.sources) expect(source.metadata.url).toMatch(/^https?:\/\//);
      expect(searxng.searches.length).toBeGreaterThan(searches);
      // The fresh results replaced the foreign entry.
      for (const key of keys) expect(await redis.get(key)).not.toBe(value);
    },
  );

  it('logs a foreign entry once, not on every request while it stays', async () => {
    const query = `cache entry kept ${randomUUID()}`;
    const keptKeys = await cachedSearch(query);
    for (const key of keptKeys) await redis.set(key, 'garbage{', 'PX', 60_000);
    // SearxNG down too: nothing replaces the entry, and the search is a clean 502, never a 500.
    searxng.failNext({ status: 500 }, 1_000);
    try {
      for (let i = 0; i < 3; i++) expect((await search(query)).status).toBe(502);
    } finally {
      searxng.reset();
    }
    for (const key of keptKeys) {
      const hashPrefix = key.slice('quarry:search:'.length).slice(0, 12);
      const logged = quarry.log.split(hashPrefix).length - 1;
      expect({ key, logged }).toEqual({ key, logged: 1 });
    }
  });
});
