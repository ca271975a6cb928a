import { PARAPHRASE_TRIPLETS } from '../src/search/ranking/probe-triplets';
import { FakeOpenAiServer, type RecordedRequest } from './fakes/fake-openai.server';
import { defaultResults, FakeSearxngServer } from './fakes/fake-searxng.server';
import { TEST_REDIS_URL } from './utils/redis';
import { startTestApp, type TestApp } from './utils/test-app';

/**
 * The pipeline against a fake SearxNG and a fake OpenAI-compatible server on 127.0.0.1: what each
 * mode asks the backend and the model, failover, cache, streaming timing and cancellation.
 */
interface StreamLine {
  type: string;
  data?: unknown;
}

const PLAN = JSON.stringify({ queries: { web: ['alpha plan', 'beta plan'] } });

function baseEnv(searxng: FakeSearxngServer, openai: FakeOpenAiServer) {
  return {
    SEARXNG_URL: searxng.url,
    SEARXNG_FALLBACK_URLS: undefined,
    SEARCH_SVC_URL: undefined,
    REDIS_URL: undefined,
    OPENAI_BASE_URL: openai.baseURL,
    OPENAI_API_KEY: 'sk-test',
    SEARCH_PAGE_ALLOW_PRIVATE: 'true',
    RATE_LIMIT_MAX: '100000',
  };
}

async function modelsOf(t: TestApp) {
  const providers = (await t.app.inject({ method: 'GET', url: '/api/providers' })).json()
    .providers as Array<{ id: string; name: string }>;
  const openai = providers.find((provider) => provider.name === 'OpenAI')!;
  return {
    chatModel: { providerId: openai.id, key: 'gpt-4o-mini' },
    embeddingModel: { providerId: openai.id, key: 'text-embedding-3-small' },
  };
}

const chatCalls = (fake: FakeOpenAiServer) =>
  fake.requests.filter((request) => request.path === '/v1/chat/completions');
/** The ranking's embedding calls (a model's first search also asks the EmbeddingProbe's texts). */
const embedCalls = (fake: FakeOpenAiServer) =>
  fake.requests.filter(
    (request) =>
      request.path === '/v1/embeddings' &&
      !(request.body.input as string[]).includes(PARAPHRASE_TRIPLETS[0][0]),
  );

/** Replies with the plan to the planner (non-stream JSON call) and with `answer` otherwise. */
function scripted(answer: string) {
  return (request: RecordedRequest) => (request.body.stream ? answer : PLAN);
}

async function readStream(
  url: string,
  body: object,
  onLine?: (line: StreamLine, at: number, abort: () => void) => void,
): Promise<Array<{ line: StreamLine; at: number }>> {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: true }),
    signal: abort.signal,
  });
  const lines: Array<{ line: StreamLine; at: number }> = [];
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf('\n')) !== -1) {
        const line = JSON.parse(buffered.slice(0, newline)) as StreamLine;
        buffered = buffered.slice(newline + 1);
        lines.push({ line, at: Date.now() });
        onLine?.(line, Date.now(), () => abort.abort());
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  }
  return lines;
}

describe('search pipeline against fake SearxNG and a fake OpenAI-compatible model (e2e)', () => {
  let searxng: FakeSearxngServer;
  let openai: FakeOpenAiServer;
  let t: TestApp;
  let models: Awaited<ReturnType<typeof modelsOf>>;

  beforeAll(async () => {
    searxng = await FakeSearxngServer.start();
    openai = await FakeOpenAiServer.start();
    t = await startTestApp({ listen: true, captureLogs: true, env: baseEnv(searxng, openai) });
    models = await modelsOf(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([searxng.close(), openai.close()]);
  });
  beforeEach(() => {
    searxng.reset();
    openai.requests.length = 0;
    openai.setTokenDelay(0);
    openai.setEmbed(undefined);
    openai.setReply(scripted('Alpha is first [1]. Beta is second [2].'));
  });

  const search = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/search', payload: { ...models, ...body } });
  let counter = 0;
  const fresh = (text: string) => `${text} ${++counter}`; // a query the cache has not seen

  it('speed mode searches what the user wrote once, embeds once, and makes one streamed model call', async () => {
    const query = fresh('what is alpha');
    const res = await search({ sources: ['web'], query });
    expect(res.statusCode).toBe(200);
    expect(searxng.searches.map((s) => s.params)).toEqual([
      { format: 'json', q: query, categories: 'general', language: 'all', pageno: '1' },
    ]);
    expect(chatCalls(openai)).toHaveLength(1);
    expect(chatCalls(openai)[0].body.stream).toBe(true);
    expect(embedCalls(openai)).toHaveLength(1);
    expect(embedCalls(openai)[0].body.input).toHaveLength(1 + 5);
    // Ranking matches what was searched.
    expect(embedCalls(openai)[0].body.input[0]).toBe(query);
    const body = res.json();
    expect(body.sources).toHaveLength(5);
    expect(body.message).toBe('Alpha is first [1]. Beta is second [2].');
    expect(searxng.pageRequests).toEqual([]);
  });

  it('speed mode searches a long question as written and its key phrases, side by side', async () => {
    const query = fresh('What is the best way to rotate alpha log files');
    const res = await search({ sources: ['web'], query });
    expect(res.statusCode).toBe(200);
    // Sent at once: the order they arrive in is the network's.
    expect(searxng.searches.map((s) => s.params.q).sort()).toEqual(
      [query, `rotate alpha log files ${counter}`].sort(),
    );
    expect(embedCalls(openai)).toHaveLength(1);
    expect(res.json().sources).toHaveLength(8);
  });

  it('balanced mode searches what speed searches and the queries the model plans', async () => {
    const query = fresh('alpha and beta');
    const res = await search({ sources: ['web'], query, optimizationMode: 'balanced' });
    expect(res.statusCode).toBe(200);
    const planner = chatCalls(openai).find((call) => !call.body.stream)!;
    expect(planner).toBeDefined();
    expect(searxng.searches.map((s) => s.params.q).sort()).toEqual(
      [query, 'alpha plan', 'beta plan'].sort(),
    );
    expect(res.json().sources).toHaveLength(12);
    expect(searxng.pageRequests).toEqual([]);
  });

  it('falls back to the question when the plan is not JSON', async () => {
    openai.setReply((request) => (request.body.stream ? 'ok' : 'Sure! Here are some queries.'));
    const query = fresh('gamma');
    await search({ sources: ['web'], query, optimizationMode: 'balanced' });
    expect(searxng.searches.map((s) => s.params.q)).toEqual([query]);
  });

  it('quality mode asks for a second result page when thin, and reads the best pages', async () => {
    // Queries no other test searched, so nothing comes from the cache.
    openai.setReply((request) =>
      request.body.stream
        ? 'ok'
        : JSON.stringify({ queries: { web: ['gamma plan', 'delta plan'] } }),
    );
    for (const plan of ['gamma', 'delta'])
      for (const page of [1, 2])
        for (const n of [1, 2, 3, 4, 5]) {
          const path = `/pages/${plan}-plan-${page}-${n}`;
          searxng.setPage(
            path,
            `<html><head><title>${path}</title></head><body><nav>menu</nav><article><h1>${plan}</h1>
             <p>${`Full text of ${path} about the ${plan} plan. `.repeat(20)}</p></article></body></html>`,
          );
        }
    // The question is one of the planned queries: two lists of five are thin for 15 sources.
    const res = await search({
      sources: ['web'],
      query: 'Gamma plan',
      optimizationMode: 'quality',
    });
    expect(res.statusCode).toBe(200);
    const pages = searxng.searches.map((s) => `${s.params.q}#${s.params.pageno}`).sort();
    expect(pages).toEqual(['Gamma plan#1', 'Gamma plan#2', 'delta plan#1', 'delta plan#2']);
    expect(searxng.pageRequests).toHaveLength(12);
    const sources = res.json().sources as Array<{ content: string; metadata: { url: string } }>;
    expect(sources.length).toBeLessThanOrEqual(15);
    const read = sources.filter((source) =>
      searxng.pageRequests.some((path) => source.metadata.url.endsWith(path)),
    );
    expect(read.length).toBeGreaterThan(0);
    for (const source of read) {
      const path = new URL(source.metadata.url).pathname;
      expect(source.content).toContain(`Full text of ${path}`);
      expect(source.content).not.toContain('menu');
    }
  });

  it("quality mode reads no page for an entry of it (page#entry): each keeps the entry's own text", async () => {
    const faq = `${searxng.url}/pages/faq`;
    const entries = ['alpha', 'beta', 'gamma'];
    searxng.setPage(
      '/pages/faq',
      `<html><body><article><p>${'The whole FAQ page, every answer. '.repeat(40)}</p></article></body></html>`,
    );
    searxng.setResults(() =>
      entries.map((entry) => ({
        title: `Question about ${entry}`,
        url: `${faq}#${entry}`,
        content: `The ${entry} answer of the FAQ, in its own words.`,
      })),
    );
    try {
      const res = await search({
        sources: ['discussions'],
        query: fresh('faq entries'),
        optimizationMode: 'quality',
      });
      expect(res.statusCode).toBe(200);
      expect(searxng.pageRequests).not.toContain('/pages/faq');
      const sources = res.json().sources as Array<{ content: string; metadata: { url: string } }>;
      expect(sources.map((source) => source.metadata.url).sort()).toEqual(
        entries.map((entry) => `${faq}#${entry}`),
      );
      for (const source of sources) expect(source.content).toMatch(/^The \w+ answer of the FAQ/);
    } finally {
      searxng.setResults((params) => defaultResults(searxng.url, params));
    }
  });

  it('sends academic and discussions searches to their engines', async () => {
    await search({ sources: ['academic', 'discussions'], query: fresh('protein folding') });
    const engines = searxng.searches.map((s) => s.params.engines).sort();
    expect(engines).toEqual(['arxiv,google scholar,pubmed', 'reddit']);
    expect(searxng.searches.every((s) => s.params.categories === undefined)).toBe(true);
  });

  it('serves a second identical search from the cache', async () => {
    const body = { sources: ['web'], query: fresh('cached question') };
    const first = await search(body);
    const second = await search(body);
    expect(searxng.searches).toHaveLength(1);
    expect(second.json().sources).toEqual(first.json().sources);
  });

  it('puts instructions, preferences, sources, history and the question in that order', async () => {
    await search({
      sources: ['web'],
      query: fresh('and beta?'),
      systemInstructions: 'Answer like a pirate.',
      history: [
        ['human', 'Tell me about alpha.'],
        ['assistant', 'Alpha is first.'],
      ],
    });
    const answerCall = chatCalls(openai).find((call) => call.body.stream)!;
    const messages = answerCall.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const system = messages[0].content;
    const rules = system.indexOf('Cite every claim');
    const preferences = system.indexOf('Answer like a pirate.');
    const sources = system.indexOf('<sources>');
    expect(rules).toBeGreaterThanOrEqual(0);
    expect(preferences).toBeGreaterThan(rules);
    expect(sources).toBeGreaterThan(preferences);
    expect(messages[1].content).toBe('Tell me about alpha.');
    expect(messages[3].content).toMatch(/^and beta\?/);
  });

  it('keeps citations within the sources and hidden reasoning out of the answer, streamed or not', async () => {
    openai.setReply(
      scripted('<think>secret reasoning [7]</think>\n\nAlpha [1][9]. Beta [2]. Nothing [0].'),
    );
    const body = { sources: ['web'], query: fresh('alpha beta') };
    const plain = (await search(body)).json();
    expect(plain.message).toBe('Alpha [1]. Beta [2]. Nothing .');
    const lines = (await readStream(t.url, { ...models, ...body })).map((entry) => entry.line);
    expect(lines[0]).toEqual({ type: 'init', data: 'Stream connected' });
    expect(lines[1]).toEqual({ type: 'sources', data: plain.sources });
    expect(lines.at(-1)).toEqual({ type: 'done' });
    expect(lines.filter((line) => line.type === 'sources')).toHaveLength(1);
    expect(
      lines
        .filter((line) => line.type === 'response')
        .map((line) => line.data)
        .join(''),
    ).toBe(plain.message);
  });

  it('writes chunks to the client while the model is still generating', async () => {
    openai.setReply(scripted('one two three four five six'));
    // The model sends the rest of its answer only once the client has read the first chunk: a
    // service that held the answer until the model finished would hang here until the timeout.
    const release = openai.holdAfter(2);
    const lines = await readStream(
      t.url,
      { ...models, sources: ['web'], query: fresh('timing') },
      (line) => {
        if (line.type === 'response') release();
      },
    );
    const responses = lines.filter((entry) => entry.line.type === 'response');
    expect(responses.length).toBeGreaterThanOrEqual(5);
    expect(responses.map((entry) => entry.line.data).join('')).toBe('one two three four five six');
    expect(lines.at(-1)!.line).toEqual({ type: 'done' });
  });

  it('aborts the upstream model request when the client disconnects', async () => {
    openai.setReply(scripted('word '.repeat(200)));
    openai.setTokenDelay(50);
    await readStream(
      t.url,
      { ...models, sources: ['web'], query: fresh('disconnect') },
      (line, _at, abort) => {
        if (line.type === 'response') abort();
      },
    );
    const disconnected = await openai.waitForDisconnect(3000);
    expect(disconnected.path).toBe('/v1/chat/completions');
  });

  it('keeps the backend order when embedding fails', async () => {
    // Twice: a 400 to the base64 request is asked again as float, which fails too.
    openai.failNext({ status: 400, path: '/v1/embeddings' }, 2);
    const query = fresh('embedding failure');
    const res = await search({ sources: ['web'], query });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().sources.map((s: { metadata: { title: string } }) => s.metadata.title),
    ).toEqual([1, 2, 3, 4, 5].map((n) => `${query} - result ${n}`));
  });

  it('ends the stream without done, and logs it with the request id, when the model fails mid-stream', async () => {
    openai.failNext({ midStream: 'error', afterTokens: 2 }, 2);
    const lines = (
      await readStream(t.url, { ...models, sources: ['web'], query: fresh('mid-stream') })
    ).map((entry) => entry.line);
    expect(lines[0].type).toBe('init');
    expect(lines.at(-1)!.type).not.toBe('done');
    // Polled: the log line may land after the client saw the end (a line never logged hangs
    // until the test's timeout).
    const failureLog = () =>
      t.logs.find((line) => String(line.msg).includes('search stream failed'));
    while (!failureLog()) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failureLog()).toMatchObject({ requestId: expect.any(String) });
  });

  it('answers 502 naming SearxNG when the only address fails, before any stream', async () => {
    searxng.failNext({ status: 500 });
    const res = await search({ sources: ['web'], query: fresh('down') });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/SearxNG/),
    });
  });
});

describe('meta-search failover, the search sibling and the shared cache (e2e)', () => {
  let primary: FakeSearxngServer;
  let second: FakeSearxngServer;
  let openai: FakeOpenAiServer;
  let models: Awaited<ReturnType<typeof modelsOf>>;

  beforeAll(async () => {
    [primary, second, openai] = await Promise.all([
      FakeSearxngServer.start(),
      FakeSearxngServer.start(),
      FakeOpenAiServer.start({ reply: scripted('Answer [1].') }),
    ]);
  });
  afterAll(() => Promise.all([primary.close(), second.close(), openai.close()]));
  beforeEach(() => {
    primary.reset();
    second.reset();
  });

  it('tries the fallback addresses in order on connection error, 5xx, malformed JSON and timeout', async () => {
    const t = await startTestApp({
      env: {
        ...baseEnv(primary, openai),
        SEARXNG_URL: 'http://127.0.0.1:9', // nothing listens on the discard port
        SEARXNG_FALLBACK_URLS: `${second.url},${primary.url}`,
        // Generous, so a healthy fake answers within it on a busy machine; the timeout case
        // below never answers.
        SEARCH_TIMEOUT_MS: '3000',
      },
    });
    try {
      models = await modelsOf(t);
      const ask = (query: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/search',
          payload: { ...models, sources: ['web'], query },
        });
      for (const fault of [{ status: 503 }, { malformed: true as const }, { delayMs: 600_000 }]) {
        second.reset();
        primary.reset();
        second.failNext(fault);
        const res = await ask(`failover ${JSON.stringify(fault)}`);
        expect(res.statusCode).toBe(200);
        expect(second.searches).toHaveLength(1);
        expect(primary.searches).toHaveLength(1);
      }
      second.failNext({ status: 500 });
      primary.failNext({ status: 502 });
      const down = await ask('everything down');
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toMatch(/SearxNG search backend unavailable: all 3 address/);
    } finally {
      await t.close();
    }
  });

  it('uses the search sibling at /api/v1/search when SEARCH_SVC_URL is set explicitly', async () => {
    const t = await startTestApp({
      env: { ...baseEnv(primary, openai), SEARXNG_URL: undefined, SEARCH_SVC_URL: second.url },
    });
    try {
      models = await modelsOf(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search',
        payload: { ...models, sources: ['web'], query: 'sibling' },
      });
      expect(res.statusCode).toBe(200);
      expect(second.searches.map((s) => s.path)).toEqual(['/api/v1/search']);
      expect(primary.searches).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  (TEST_REDIS_URL ? it : it.skip)(
    'shares cached results between replicas through Redis',
    async () => {
      const env = { ...baseEnv(primary, openai), REDIS_URL: TEST_REDIS_URL };
      const query = `redis shared ${Date.now()} ${Math.random()}`;
      for (let replica = 0; replica < 2; replica++) {
        const t = await startTestApp({ env });
        try {
          models = await modelsOf(t);
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/search',
            payload: { ...models, sources: ['web'], query },
          });
          expect(res.statusCode).toBe(200);
        } finally {
          await t.close();
        }
      }
      expect(primary.searches).toHaveLength(1);
    },
  );
});
