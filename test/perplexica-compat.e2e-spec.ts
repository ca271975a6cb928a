import SwaggerParser from '@apidevtools/swagger-parser';
import { FakeSearxngServer } from './fakes/fake-searxng.server';
import { NO_PROVIDER_ENV } from './utils/provider-env';
import { startTestApp, type TestApp } from './utils/test-app';

/**
 * Every generation of Perplexica client, replayed with its exact bodies against the built-in
 * provider and a fake SearxNG: POST /api/search plain and streamed, GET /api/models, and the
 * images, videos and suggestions routes.
 */
interface StreamLine {
  type: string;
  data?: unknown;
}

describe('Perplexica clients of every generation (e2e)', () => {
  let t: TestApp;
  let fake: FakeSearxngServer;
  let builtinId: string;

  beforeAll(async () => {
    fake = await FakeSearxngServer.start();
    t = await startTestApp({
      listen: true,
      env: {
        ...NO_PROVIDER_ENV,
        SEARXNG_URL: fake.url,
        SEARXNG_FALLBACK_URLS: undefined,
        SEARCH_SVC_URL: undefined,
        SEARCH_CACHE_TTL_MS: '0',
        QUARRY_DEFAULT_CHAT_MODEL: undefined,
        QUARRY_DEFAULT_EMBEDDING_MODEL: undefined,
      },
    });
    builtinId = (await t.app.inject({ method: 'GET', url: '/api/providers' })).json().providers[0]
      .id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  async function streamed(payload: object): Promise<StreamLine[]> {
    const res = await fetch(`${t.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...payload, stream: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as StreamLine);
  }

  const generations: Array<[string, () => object]> = [
    [
      'new: sources and { providerId, key }',
      () => ({
        chatModel: { providerId: builtinId, key: 'extractive' },
        embeddingModel: { providerId: builtinId, key: 'hashing' },
        sources: ['web'],
        optimizationMode: 'speed',
        query: 'What is Perplexica',
        history: [
          ['human', 'Hi, how are you?'],
          ['assistant', 'I am doing well, how can I help you today?'],
        ],
        systemInstructions: 'Be brief.',
      }),
    ],
    [
      'mid: focusMode, extra queries, role ai',
      () => ({
        chatModel: { providerId: builtinId, key: 'extractive' },
        embeddingModel: { providerId: builtinId, key: 'hashing' },
        focusMode: 'webSearch',
        optimizationMode: 'balanced',
        query: 'What is Perplexica',
        queries: ['perplexica'],
        history: [
          ['human', 'Hi, how are you?'],
          ['ai', 'I am doing well, how can I help you today?'],
        ],
      }),
    ],
    [
      'old: no models at all',
      () => ({
        query: 'What is Perplexica',
        focusMode: 'webSearch',
        optimizationMode: 'balanced',
        stream: false,
      }),
    ],
    [
      'old: { provider, name } and roles human/assistant',
      () => ({
        chatModel: { provider: 'builtin', name: 'extractive' },
        embeddingModel: { provider: 'builtin', name: 'hashing' },
        optimizationMode: 'speed',
        focusMode: 'webSearch',
        query: 'What is Perplexica',
        history: [
          ['human', 'Hi, how are you?'],
          ['assistant', 'I am doing well, how can I help you today?'],
        ],
      }),
    ],
  ];

  it.each(generations)(
    '%s: 200 with an answer and sources, plain and streamed',
    async (_n, body) => {
      const res = await post('/api/search', body());
      expect(res.statusCode).toBe(200);
      const plain = res.json();
      expect(plain.message).toEqual(expect.any(String));
      expect(plain.message.length).toBeGreaterThan(0);
      expect(plain.sources.length).toBeGreaterThan(0);
      expect(plain.sources[0]).toEqual({
        content: expect.any(String),
        metadata: { title: expect.any(String), url: expect.stringMatching(/^http/) },
      });
      expect(fake.searches.length).toBeGreaterThan(0);

      const { stream: _stream, ...rest } = body() as { stream?: boolean };
      const lines = await streamed(rest);
      expect(lines[0]).toEqual({ type: 'init', data: 'Stream connected' });
      expect(lines[1]).toEqual({ type: 'sources', data: plain.sources });
      expect(lines.at(-1)).toEqual({ type: 'done' });
      expect(
        lines
          .slice(2, -1)
          .map((line) => line.data)
          .join(''),
      ).toBe(plain.message);
    },
  );

  it('lists models by provider key in the older shape, from the registry of /api/providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/models' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      chatModelProviders: { builtin: { extractive: { displayName: 'Extractive (offline)' } } },
      embeddingModelProviders: {
        builtin: { hashing: { displayName: 'Hashing TF-IDF (offline)' } },
      },
    });
  });

  it.each([
    [
      'an unknown provider',
      { chatModel: { provider: 'openai', name: 'gpt-4o-mini' } },
      /valid providers: builtin/,
    ],
    [
      'an unknown model',
      { chatModel: { provider: 'builtin', name: 'gpt-4o-mini' } },
      /valid chat model keys: builtin: extractive/,
    ],
    [
      'an unknown embedding model',
      { embeddingModel: { provider: 'builtin', model: 'bge' } },
      /valid embedding model keys: builtin: hashing/,
    ],
    [
      'customOpenAIBaseURL in chatModel',
      {
        chatModel: {
          provider: 'custom_openai',
          name: 'x',
          customOpenAIBaseURL: 'http://10.0.0.1',
          customOpenAIKey: 'k',
        },
      },
      /chatModel\.customOpenAIBaseURL and chatModel\.customOpenAIKey are not accepted/,
    ],
    [
      'customOpenAIKey at the top level',
      { customOpenAIKey: 'sk-x' },
      /customOpenAIKey is not accepted/,
    ],
    [
      'a model named by a string',
      { chatModel: 'gpt-4o-mini' },
      /chatModel must be an object: \{ providerId, key \}.*\{ provider, name \}/,
    ],
    [
      'an object of neither shape',
      { embeddingModel: { model: 'x' } },
      /embeddingModel must be \{ providerId, key \}/,
    ],
    [
      'a provider without a model name',
      { chatModel: { provider: 'builtin' } },
      /chatModel\.name must be a model key from GET \/api\/models/,
    ],
  ])('answers 400 for %s, saying what is valid', async (_name, change, pattern) => {
    const res = await post('/api/search', { query: 'q', focusMode: 'webSearch', ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      requestId: expect.any(String),
    });
    expect(JSON.stringify(body.message)).toMatch(pattern);
    const messages: string[] = Array.isArray(body.message) ? body.message : [body.message];
    expect(new Set(messages).size).toBe(messages.length);
    expect(messages.length).toBe(1);
  });

  it('finds images for a follow-up rewritten into a standalone query, history as pairs', async () => {
    const res = await post('/api/images', {
      query: 'And its cathedral?',
      chatHistory: [
        ['human', 'Tell me about Paris'],
        ['assistant', 'Paris is the capital of France.'],
      ],
      chatModel: { provider: 'builtin', name: 'extractive' },
    });
    expect(res.statusCode).toBe(200);
    const { images } = res.json();
    expect(images).toHaveLength(5);
    expect(images[0]).toEqual({
      img_src: `${fake.url}/img/1.jpg`,
      url: `${fake.url}/pages/image-page-1`,
      title: expect.stringContaining('cathedral'),
    });
    expect(fake.searches).toHaveLength(1);
    expect(fake.searches[0].params).toMatchObject({ categories: 'images', format: 'json' });
    expect(fake.searches[0].params.q).toMatch(/paris/i);
    expect(fake.searches[0].params.q).toMatch(/cathedral/i);
  });

  it('finds embeddable videos, history as { role, content } objects and no model named', async () => {
    const res = await post('/api/videos', {
      query: 'And its cathedral?',
      chatHistory: [
        { role: 'user', content: 'Tell me about Paris' },
        { role: 'assistant', content: 'Paris is the capital of France.' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { videos } = res.json();
    expect(videos).toHaveLength(3);
    expect(videos[0]).toEqual({
      img_src: 'https://i.ytimg.com/vi/vid1/hqdefault.jpg',
      url: 'https://www.youtube.com/watch?v=vid1',
      title: expect.any(String),
      iframe_src: 'https://www.youtube-nocookie.com/embed/vid1',
    });
    expect(fake.searches[0].params.categories).toBe('videos');
  });

  it('searches the question as given in speed mode, and without history', async () => {
    await post('/api/images', {
      query: 'And its cathedral?',
      chatHistory: [['human', 'Tell me about Paris']],
      optimizationMode: 'speed',
    });
    await post('/api/videos', { query: 'Notre-Dame de Paris', chatHistory: [] });
    expect(fake.searches.map((s) => s.params.q)).toEqual([
      'And its cathedral?',
      'Notre-Dame de Paris',
    ]);
  });

  it('answers 502 in the error shape when SearxNG fails, and 400 for a bad chatHistory', async () => {
    fake.failNext({ status: 500 });
    const failed = await post('/api/images', { query: 'paris', chatHistory: [] });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/SearxNG/),
    });

    const bad = await post('/api/videos', { query: 'paris', chatHistory: [['system', 'x']] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual([
      'chatHistory[0] role must be one of: human, assistant, user, ai',
    ]);
    const noQuery = await post('/api/images', { chatHistory: [] });
    expect(noQuery.statusCode).toBe(400);
  });

  it('suggests 3 to 5 real follow-up questions from the conversation with the built-in model', async () => {
    const res = await post('/api/suggestions', {
      chatHistory: [
        { role: 'user', content: 'How are meta-search results cached?' },
        {
          role: 'assistant',
          content:
            'Results are cached under a SHA-256 of the backend, query and parameters for SEARCH_CACHE_TTL_MS [1]. ' +
            'The cache lives in Redis when REDIS_URL is set, so replicas share it [2].',
        },
      ],
      chatModel: { providerId: builtinId, key: 'extractive' },
    });
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json();
    expect(suggestions.length).toBeGreaterThanOrEqual(3);
    expect(suggestions.length).toBeLessThanOrEqual(5);
    for (const question of suggestions) {
      expect(question).toMatch(/\?$/);
      expect(question).not.toMatch(/suggest|json|follow-up|conversation above/i);
    }
    expect(suggestions.join(' ')).toMatch(/Redis|SEARCH_CACHE_TTL_MS|SHA-256/);

    const pairs = await post('/api/suggestions', {
      chatHistory: [
        ['human', 'How are meta-search results cached?'],
        ['ai', 'In Redis when REDIS_URL is set [1].'],
      ],
    });
    expect(pairs.statusCode).toBe(200);
    expect(pairs.json().suggestions.length).toBeGreaterThanOrEqual(3);

    const empty = await post('/api/suggestions', { chatHistory: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual([
      expect.stringMatching(/chatHistory must hold at least one turn/),
    ]);
  });

  it.each([
    ['/api/discover', '/api/v1/discover'],
    ['/api/discover?topic=tech', '/api/v1/discover'],
    ['/api/chats', '/api/v1/library'],
    ['/api/chats/42', '/api/v1/library'],
  ])('answers GET %s with a 404 naming %s', async (url, servedAt) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      requestId: expect.any(String),
    });
    expect(res.json().message).toContain(servedAt);
  });

  it('documents the four routes with short operationIds and every error status with an example', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = ['/api/models', '/api/suggestions', '/api/images', '/api/videos', '/api/search'];
    const own = {
      ...document,
      paths: Object.fromEntries(paths.map((p) => [p, document.paths[p]])),
    };
    await expect(SwaggerParser.validate(structuredClone(own))).resolves.toBeDefined();
    expect(document.paths['/api/models'].get.operationId).toBe('listModelsByProvider');
    expect(document.paths['/api/suggestions'].post.operationId).toBe('suggest');
    expect(document.paths['/api/images'].post.operationId).toBe('searchImages');
    expect(document.paths['/api/videos'].post.operationId).toBe('searchVideos');
    for (const path of ['/api/suggestions', '/api/images', '/api/videos']) {
      for (const status of ['400', '500', '502', '503']) {
        // A response every route shares is defined once under components and referenced.
        const response = document.paths[path].post.responses[status];
        const shared = response?.$ref?.replace('#/components/responses/', '');
        const content = (shared ? document.components.responses[shared] : response)?.content[
          'application/json'
        ];
        expect({ path, status, example: content?.example }).toMatchObject({
          example: { statusCode: Number(status), requestId: expect.any(String) },
        });
      }
    }
    expect(document.components.schemas.SearchRequestDto.required ?? []).not.toContain('chatModel');
  });
});
