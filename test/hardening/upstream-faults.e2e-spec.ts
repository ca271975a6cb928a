import { providerIdFor } from '../../src/providers/config/provider-id';
import { FakeAuthServer } from '../fakes/fake-auth.server';
import { FakeOpenAiServer } from '../fakes/fake-openai.server';
import { FakeSearxngServer } from '../fakes/fake-searxng.server';
import { fakeOpenAiModels } from './support/openai-models';
import { startTestApp, type TestApp } from '../utils/test-app';
import { ResetMidBodyServer } from './support/broken-upstream.server';
import { ThrowawayRedis } from './support/throwaway-redis';

/**
 * Upstream faults, each against fakes on 127.0.0.1: what a client of POST /api/search sees when the
 * meta-search backend, the model provider, the embedding provider or Redis misbehaves.
 */
const BUILTIN_ID = providerIdFor('builtin', 'Built-in (offline)');
const BUILTIN_MODELS = {
  chatModel: { providerId: BUILTIN_ID, key: 'extractive' },
  embeddingModel: { providerId: BUILTIN_ID, key: 'hashing' },
};
const QUIET_ENV = {
  PROVIDERS_FILE: undefined,
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
  OLLAMA_BASE_URL: undefined,
  ANTHROPIC_API_KEY: undefined,
  GEMINI_API_KEY: undefined,
  SEARCH_SVC_URL: undefined,
  SEARXNG_FALLBACK_URLS: undefined,
  REDIS_URL: undefined,
  RATE_LIMIT_MAX: '0',
  LOCAL_DOCS_DIR: 'test/hardening/fixtures/docs',
};

let queries = 0;
const fresh = (text: string) => `${text} ${++queries} ${Date.now()}`;

interface Line {
  type: string;
  data?: unknown;
}

async function streamed(url: string, body: object): Promise<{ lines: Line[]; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${url}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: true }),
  });
  const text = await res.text().catch(() => '');
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);
  return { lines, ms: Date.now() - started };
}

describe('meta-search backend faults (e2e)', () => {
  let searxng: FakeSearxngServer;
  let spare: FakeSearxngServer;
  let resetter: ResetMidBodyServer;
  let only: TestApp;
  let several: TestApp;

  beforeAll(async () => {
    [searxng, spare, resetter] = await Promise.all([
      FakeSearxngServer.start(),
      FakeSearxngServer.start(),
      ResetMidBodyServer.start(),
    ]);
    only = await startTestApp({
      // Generous: a healthy backend on a busy machine answers within it. The timeout case uses a
      // backend that never answers.
      env: { ...QUIET_ENV, SEARXNG_URL: searxng.url, SEARCH_TIMEOUT_MS: '3000' },
    });
    several = await startTestApp({
      env: {
        ...QUIET_ENV,
        SEARXNG_URL: resetter.url,
        SEARXNG_FALLBACK_URLS: `${searxng.url},${spare.url}`,
        SEARCH_TIMEOUT_MS: '3000',
      },
    });
  });
  afterAll(async () => {
    await Promise.all([only?.close(), several?.close()]);
    await Promise.all([searxng?.close(), spare?.close(), resetter?.close()]);
  });
  beforeEach(() => {
    searxng.reset();
    spare.reset();
  });

  const ask = (t: TestApp, query: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search',
      payload: { ...BUILTIN_MODELS, sources: ['web'], query },
    });

  it.each([
    ['no answer within SEARCH_TIMEOUT_MS', { delayMs: 600_000 }],
    ['a 5xx', { status: 503 }],
    ['malformed JSON', { malformed: true as const }],
  ])('answers 502 naming SearxNG when the only backend gives %s', async (_, fault) => {
    searxng.failNext(fault);
    // Without the timeout, the first case would hang until Jest's own timeout.
    const res = await ask(only, fresh('fault'));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: expect.stringMatching(/SearxNG/),
      requestId: expect.any(String),
    });
    // The next search, backend healthy again, answers.
    expect((await ask(only, fresh('recovered'))).statusCode).toBe(200);
  });

  it('fails over past a backend that resets mid-body and one that answers 5xx to the one alive', async () => {
    searxng.failNext({ status: 500 });
    const res = await ask(several, fresh('several'));
    expect(res.statusCode).toBe(200);
    expect(res.json().sources.length).toBeGreaterThan(0);
    expect(resetter.hits).toBeGreaterThan(0);
    expect(searxng.searches).toHaveLength(1);
    expect(spare.searches).toHaveLength(1);
  });

  it('answers 502 when every address fails, one of them resetting mid-body', async () => {
    searxng.failNext({ status: 502 });
    spare.failNext({ malformed: true });
    const res = await ask(several, fresh('all down'));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/all 3 address/);
  });
});

describe('model and embedding provider faults (e2e)', () => {
  let openai: FakeOpenAiServer;
  let t: TestApp;
  let models: { chatModel: object; embeddingModel: object };

  beforeAll(async () => {
    openai = await FakeOpenAiServer.start({ reply: 'Results are cached [1].' });
    t = await startTestApp({
      listen: true,
      captureLogs: true,
      env: {
        ...QUIET_ENV,
        SEARXNG_URL: undefined,
        OPENAI_BASE_URL: openai.baseURL,
        OPENAI_API_KEY: 'sk-fault-test',
        // Generous, so tokens on a busy machine stay within it; the stall case never sends more.
        STREAM_IDLE_TIMEOUT_MS: '3000',
      },
    });
    models = await fakeOpenAiModels(t);
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });
  beforeEach(() => {
    openai.requests.length = 0;
    openai.setTokenDelay(0);
  });

  const body = () => ({ ...models, sources: ['local'], query: fresh('How are results cached?') });
  const ask = () => t.app.inject({ method: 'POST', url: '/api/search', payload: body() });

  it('answers 503 with Retry-After when the model provider rate-limits, before any answer', async () => {
    // The SDK retries once (maxRetries 1): both attempts are refused.
    openai.failNext({ status: 429, retryAfter: 0, path: '/v1/chat/completions' }, 2);
    const res = await ask();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(/OpenAI model gpt-4o-mini: rate limited/),
    });
    expect(res.body).not.toContain('sk-fault-test');
  });

  it('answers 502 when the model provider answers 5xx, before any answer', async () => {
    openai.failNext({ status: 500, path: '/v1/chat/completions' }, 2);
    const res = await ask();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/OpenAI model gpt-4o-mini/);
  });

  it('ends a stream without done when the provider drops the connection mid-answer', async () => {
    // A delay per token so the first tokens reach Quarry before the connection goes.
    openai.setTokenDelay(30);
    openai.failNext({ midStream: 'drop', afterTokens: 2, path: '/v1/chat/completions' });
    const { lines } = await streamed(t.url, body());
    const text = lines
      .filter((line) => line.type === 'response')
      .map((line) => line.data)
      .join('');
    // What came before the drop, once: not repeated by a retry, not completed.
    expect(text).toMatch(/^Results /);
    expect('Results are cached [1].'.startsWith(text)).toBe(true);
    expect(text).not.toBe('Results are cached [1].');
    expect(lines[0]).toEqual({ type: 'init', data: 'Stream connected' });
    expect(lines.map((line) => line.type)).not.toContain('done');
  });

  it('ends a stalled stream at STREAM_IDLE_TIMEOUT_MS, without done, and frees the upstream call', async () => {
    openai.failNext({ midStream: 'stall', afterTokens: 1, path: '/v1/chat/completions' });
    const { lines, ms } = await streamed(t.url, body());
    expect(lines.map((line) => line.type)).toEqual(['init', 'sources', 'response']);
    // Only the lower bound is timing: a stream that never ended would fail on the test timeout.
    expect(ms).toBeGreaterThanOrEqual(2900);
    const freed = await openai.waitForDisconnect(10_000);
    expect(freed.path).toBe('/v1/chat/completions');
    expect(t.logs.some((line) => /no stream event within 3000 ms/.test(String(line.msg)))).toBe(
      true,
    );
  });

  it('still answers, unranked, when the embedding provider is down', async () => {
    openai.failNext({ status: 503, path: '/v1/embeddings' }, 2);
    const res = await ask();
    expect(res.statusCode).toBe(200);
    expect(res.json().sources.length).toBeGreaterThan(0);
    expect(res.json().message).toBe('Results are cached [1].');
  });
});

describe('Redis stopped mid-run (e2e)', () => {
  let redis: ThrowawayRedis | undefined;
  let searxng: FakeSearxngServer;
  let auth: FakeAuthServer;
  let t: TestApp;

  beforeAll(async () => {
    if (!(await ThrowawayRedis.available())) return;
    [redis, searxng, auth] = await Promise.all([
      ThrowawayRedis.start(),
      FakeSearxngServer.start(),
      FakeAuthServer.start(),
    ]);
    auth.users.set('token-redis-test', { id: 'user-1', email: 'u@example.com' });
    t = await startTestApp({
      env: {
        ...QUIET_ENV,
        REDIS_URL: redis.url,
        SEARXNG_URL: searxng.url,
        AUTH_REQUIRED: 'true',
        AUTH_SERVICE_URL: auth.url,
        RATE_LIMIT_MAX: '1000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
    await Promise.all([searxng?.close(), auth?.close()]);
  });

  const ask = (query: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { authorization: 'Bearer token-redis-test' },
      payload: { ...BUILTIN_MODELS, sources: ['web'], query },
    });
  const cachedSearches = async () =>
    (await redis!.cli('--scan', '--pattern', 'quarry:search:*')).split('\n').filter(Boolean).length;

  it('keeps answering from memory while Redis is down, and uses Redis again once it is back', async () => {
    if (!redis) return;
    const before = await ask(fresh('redis up'));
    expect(before.statusCode).toBe(200);
    expect(await cachedSearches()).toBe(1);

    await redis.stop();
    // Redis commands fail at once (no offline queue): with one, these would hang until the test's timeout.
    for (let i = 0; i < 3; i++) expect((await ask(fresh('redis down'))).statusCode).toBe(200);
    // The same query twice while Redis is down: the second comes from the memory fallback.
    const repeated = fresh('redis down repeated');
    await ask(repeated);
    const searchesBefore = searxng.searches.length;
    expect((await ask(repeated)).statusCode).toBe(200);
    expect(searxng.searches.length).toBe(searchesBefore);

    await redis.resume();
    // Asks until a search is cached in Redis again (ioredis reconnects on its own schedule; a
    // reconnect that never comes hangs until the test's timeout).
    for (let i = 0; (await cachedSearches()) === 0; i++) {
      expect((await ask(fresh(`redis back ${i}`))).statusCode).toBe(200);
      if ((await cachedSearches()) === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The restarted Redis started empty: the entry there is the one written after it came back.
    expect(await cachedSearches()).toBe(1);
  }, 20_000);
});
