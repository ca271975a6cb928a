import { FakeOpenAiServer } from '../fakes/fake-openai.server';
import { fakeOpenAiModels } from './support/openai-models';
import { startTestApp, type TestApp } from '../utils/test-app';

/**
 * SEARCH_MAX_CONCURRENT_PER_CLIENT: searches one caller runs at once, plain or streamed, on
 * /api/search and /v1/chat/completions; 429 with Retry-After beyond it, in each route's error shape.
 */
describe('concurrent searches per caller (e2e)', () => {
  let openai: FakeOpenAiServer;
  let t: TestApp;
  let models: object;

  beforeAll(async () => {
    // A slow model keeps each search running long enough to overlap.
    openai = await FakeOpenAiServer.start({ reply: 'word '.repeat(40), tokenDelayMs: 25 });
    t = await startTestApp({
      listen: true,
      env: {
        PROVIDERS_FILE: undefined,
        OPENAI_BASE_URL: openai.baseURL,
        OPENAI_API_KEY: 'sk-limits',
        SEARXNG_URL: undefined,
        SEARCH_SVC_URL: undefined,
        REDIS_URL: undefined,
        RATE_LIMIT_MAX: '0',
        SEARCH_MAX_CONCURRENT_PER_CLIENT: '2',
        TRUST_PROXY: 'true',
        LOCAL_DOCS_DIR: 'test/hardening/fixtures/docs',
        QUARRY_MODEL_ALIASES: undefined,
      },
    });
    models = await fakeOpenAiModels(t);
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });

  const search = (caller: string, extra: object = {}, signal?: AbortSignal) =>
    fetch(`${t.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': caller },
      body: JSON.stringify({
        ...models,
        sources: ['local'],
        query: 'How long are results cached?',
        ...extra,
      }),
      signal,
    });

  it('refuses a third concurrent search from one caller with 429 and Retry-After, and frees the slot when one ends', async () => {
    const caller = '198.51.100.21';
    const aborts = [new AbortController(), new AbortController()];
    const running = await Promise.all(
      aborts.map((abort) => search(caller, { stream: true }, abort.signal)),
    );
    expect(running.map((res) => res.status)).toEqual([200, 200]);

    const refused = await search(caller);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/at most 2 per caller/),
      requestId: expect.any(String),
    });

    const completions = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': caller },
      body: JSON.stringify({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(completions.status).toBe(429);
    expect(((await completions.json()) as { error: object }).error).toMatchObject({
      type: 'rate_limit_error',
    });

    // Another caller is not affected.
    const other = await search('198.51.100.22');
    expect(other.status).toBe(200);
    await other.arrayBuffer();

    // A client that goes away frees its slot.
    aborts[0].abort();
    await running[0].body?.cancel().catch(() => undefined);
    // Asked until admitted: the server notices the close on its own schedule (a slot that is
    // never freed keeps answering 429 until the test's timeout).
    let admitted = await search(caller);
    while (admitted.status === 429) {
      await admitted.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 50));
      admitted = await search(caller);
    }
    expect(admitted.status).toBe(200);
    await admitted.arrayBuffer();
    aborts[1].abort();
  });

  it('counts finished searches out again', async () => {
    openai.setTokenDelay(0);
    const caller = '198.51.100.23';
    for (let i = 0; i < 4; i++) {
      const res = await search(caller);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });
});
