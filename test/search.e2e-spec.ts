import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestApp, type TestApp } from './utils/test-app';

/**
 * POST /api/search with the built-in offline provider and the `local` source over the project's
 * own docs/ folder: no network, no fake, exactly what `npm start` offers out of the box.
 */
interface StreamLine {
  type: string;
  data?: unknown;
}

describe('POST /api/search with the built-in provider (e2e)', () => {
  let t: TestApp;
  let builtinId: string;
  let valid: Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestApp({
      listen: true,
      env: {
        // Nothing but the built-in provider; any meta-search attempt would fail loudly.
        SEARXNG_URL: undefined,
        SEARCH_SVC_URL: undefined,
        OPENAI_BASE_URL: undefined,
        OPENAI_API_KEY: undefined,
        LOCAL_DOCS_DIR: undefined,
        SEARCH_MAX_QUERY_CHARS: '200',
        SEARCH_MAX_HISTORY_TURNS: '3',
      },
    });
    const providers = (await t.app.inject({ method: 'GET', url: '/api/providers' })).json();
    builtinId = providers.providers.find((provider: { chatModels: Array<{ key: string }> }) =>
      provider.chatModels.some((model) => model.key === 'extractive'),
    ).id;
    valid = {
      chatModel: { providerId: builtinId, key: 'extractive' },
      embeddingModel: { providerId: builtinId, key: 'hashing' },
      sources: ['local'],
      query: 'How are meta-search results cached, and where does the cache live?',
    };
  });
  afterAll(() => t.close());

  const search = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/search', payload: payload as object });

  async function streamLines(payload: object): Promise<{ lines: StreamLine[]; type: string }> {
    const res = await fetch(`${t.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...payload, stream: true }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const lines = text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as StreamLine);
    return { lines, type: res.headers.get('content-type') ?? '' };
  }

  it('answers a question about the project from its own docs, citing the returned sources', async () => {
    const res = await search(valid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sources.length).toBeGreaterThan(0);
    for (const source of body.sources) {
      expect(source).toEqual({
        content: expect.any(String),
        metadata: { title: expect.any(String), url: expect.stringMatching(/^file:\/\/.*docs\//) },
      });
    }
    expect(body.message).toMatch(/cache/i);
    const citations = [...body.message.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(citations.length).toBeGreaterThan(0);
    for (const n of citations) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(body.sources.length);
    }
  });

  it('streams init, sources once, response chunks and done; the chunks equal the plain answer', async () => {
    const plain = (await search(valid)).json();
    const { lines, type } = await streamLines(valid);
    expect(type).toMatch(/^text\/event-stream/);
    expect(lines[0]).toEqual({ type: 'init', data: 'Stream connected' });
    expect(lines[1]).toEqual({ type: 'sources', data: plain.sources });
    expect(lines.at(-1)).toEqual({ type: 'done' });
    const middle = lines.slice(2, -1);
    expect(middle.length).toBeGreaterThan(0);
    expect(middle.every((line) => line.type === 'response' && typeof line.data === 'string')).toBe(
      true,
    );
    expect(middle.map((line) => line.data).join('')).toBe(plain.message);
  });

  it('gives the same sources in the same order for the same request', async () => {
    const [a, b] = await Promise.all([search(valid), search(valid)]);
    expect(a.json().sources).toEqual(b.json().sources);
  });

  it('accepts the deprecated focusMode, history aliases and unknown fields', async () => {
    const { sources: _sources, ...withoutSources } = valid;
    const writing = await search({
      ...withoutSources,
      focusMode: 'writingAssistant',
      history: [
        ['user', 'Remember the word heliotrope.'],
        ['ai', 'Noted.'],
      ],
      queries: ['ignored'],
      copilotEnabled: false,
    });
    expect(writing.statusCode).toBe(200);
    expect(writing.json().sources).toEqual([]);
  });

  it('uses the default models when the request names none', async () => {
    const { chatModel: _chat, embeddingModel: _embedding, ...withoutModels } = valid;
    const res = await search(withoutModels);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await search(valid)).json());
  });

  it('says plainly when the local source has nothing on the question', async () => {
    const res = await search({ ...valid, query: 'zxqvbnm qwpoiuy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.stringMatching(/no sources/i), sources: [] });
  });

  it.each([
    ['missing query', { query: undefined }, /query/],
    ['empty query', { query: '   ' }, /query should not be empty/],
    ['query too long', { query: 'x'.repeat(201) }, /query must be at most 200 characters/],
    ['missing sources', { sources: undefined }, /sources/],
    ['empty sources', { sources: [] }, /sources must be a non-empty array/],
    ['unknown source', { sources: ['web', 'images'] }, /each value in sources must be one of/],
    ['duplicate sources', { sources: ['local', 'local'] }, /sources must not contain duplicates/],
    ['chatModel not an object', { chatModel: 'gpt' }, /chatModel must be an object/],
    [
      'providerId not a UUID',
      { chatModel: { providerId: 'x', key: 'extractive' } },
      /chatModel\.providerId must be a UUID/,
    ],
    [
      'missing embedding key',
      { embeddingModel: { providerId: '3f7a8b1c-2d4e-4f60-9a1b-2c3d4e5f6a7b' } },
      /embeddingModel\.key/,
    ],
    [
      'bad optimizationMode',
      { optimizationMode: 'turbo' },
      /optimizationMode must be one of: speed, balanced, quality/,
    ],
    ['bad history role', { history: [['system', 'hi']] }, /history\[0\]\[0\] \(role\)/],
    ['history not pairs', { history: ['hello'] }, /history\[0\] must be a \[role, content\] pair/],
    [
      'too much history',
      {
        history: [
          ['human', 'a'],
          ['assistant', 'b'],
          ['human', 'c'],
          ['assistant', 'd'],
        ],
      },
      /history must have at most 3 turns/,
    ],
    ['stream not boolean', { stream: 'yes' }, /stream must be a boolean/],
    [
      'unknown focusMode without sources',
      { sources: undefined, focusMode: 'imageSearch' },
      /focusMode must be one of/,
    ],
    [
      'systemInstructions not a string',
      { systemInstructions: 42 },
      /systemInstructions must be a string/,
    ],
  ])('answers 400 naming the field: %s', async (_name, change, pattern) => {
    const res = await search({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      requestId: expect.any(String),
    });
    expect(JSON.stringify(body.message)).toMatch(pattern);
  });

  it.each([
    [
      'an unknown provider id',
      { chatModel: { providerId: '3f7a8b1c-2d4e-4f60-9a1b-2c3d4e5f6a7b', key: 'extractive' } },
    ],
    [
      'an embedding key used as chat model',
      { chatModel: { providerId: 'BUILTIN', key: 'hashing' } },
    ],
    [
      'a display name used as key',
      { embeddingModel: { providerId: 'BUILTIN', key: 'Hashing TF-IDF (offline)' } },
    ],
  ])('answers 400 for %s, saying what would be valid', async (_name, change) => {
    const patched = JSON.parse(JSON.stringify(change).replace('BUILTIN', builtinId));
    const res = await search({ ...valid, ...patched });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers 400, not a stream, for a bad model selection with stream true', async () => {
    const res = await fetch(`${t.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...valid,
        stream: true,
        chatModel: { providerId: builtinId, key: 'nope' },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('answers 503 in the error shape when web search is asked for with no backend configured', async () => {
    const res = await search({ ...valid, sources: ['web'] });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/SEARXNG_URL/);
  });

  it('documents the endpoint, its stream and the deprecated fields in a valid OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    // Only this module's path: other modules' paths are checked by their own suites.
    const paths = ['/api/search', '/api/search/stream'];
    const own = {
      ...document,
      paths: Object.fromEntries(paths.map((p) => [p, document.paths[p]])),
    };
    await expect(SwaggerParser.validate(structuredClone(own))).resolves.toBeDefined();
    const operation = document.paths['/api/search'].post;
    // One media type per operation, so generated clients type each reply on its own.
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/json']);
    const streamed = document.paths['/api/search/stream'].post.responses['200'].content;
    expect(Object.keys(streamed)).toEqual(['application/x-ndjson']);
    expect(operation.responses['400']).toBeDefined();
    const schema = document.components.schemas.SearchRequestDto;
    expect(schema.properties.focusMode.deprecated).toBe(true);
    expect(schema.required).toEqual(expect.arrayContaining(['query']));
    // Optional since Perplexica's older API: absent models are the configured defaults.
    expect(schema.required).not.toContain('chatModel');
    expect(schema.required).not.toContain('embeddingModel');
  });
});
