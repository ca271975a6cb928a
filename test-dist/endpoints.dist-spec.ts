import { ContractClient, expectStatus } from './support/contract-client';
import { distEnv } from './support/dist-env';
import { freePort } from './support/free-port';

const BUILTIN = 'f3940a4c-6411-599a-84a5-f1cc0898e3f3';
const builtinModels = {
  chatModel: { providerId: BUILTIN, key: 'extractive' },
  embeddingModel: { providerId: BUILTIN, key: 'hashing' },
};

interface Provider {
  id: string;
  name: string;
  chatModels: Array<{ name: string; key: string }>;
  embeddingModels: Array<{ name: string; key: string }>;
}
interface Source {
  content: string;
  metadata: { title: string; url: string };
}
interface StreamMessage {
  type: string;
  data?: unknown;
}

/** The built service (node dist/main.js) over HTTP; every answer is checked against /docs/json. */
describe('the built service, endpoint by endpoint', () => {
  const env = distEnv();
  let client: ContractClient;
  let providers: Provider[];
  const providerNamed = (name: RegExp) => {
    const provider = providers.find((p) => name.test(p.name));
    if (!provider) throw new Error(`no provider named ${name} in ${JSON.stringify(providers)}`);
    return provider;
  };

  beforeAll(async () => {
    client = await ContractClient.create();
    const res = await client.call('GET', '/api/providers');
    providers = res.json<{ providers: Provider[] }>().providers;
  });

  describe('providers', () => {
    it('lists the built-in provider under its fixed id and the fake OpenAI and Ollama servers', () => {
      expect(providerNamed(/built-in/i)).toMatchObject({
        id: BUILTIN,
        chatModels: [expect.objectContaining({ key: 'extractive' })],
        embeddingModels: [expect.objectContaining({ key: 'hashing' })],
      });
      expect(providerNamed(/openai/i).chatModels.map((m) => m.key)).toContain('gpt-4o-mini');
      expect(providerNamed(/ollama/i).chatModels.map((m) => m.key)).toContain('llama3.1:8b');
    });

    it('answers 401 in the error shape without a token (AUTH_REQUIRED=true)', async () => {
      const res = await client.call('GET', '/api/providers', { token: false });
      expectStatus(res, 401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    });
  });

  describe('search', () => {
    // Regression: before 9a67ce5 the SearxNG client composed npm undici interceptors onto Node's
    // bundled global dispatcher; in the production build on Node 20 every meta-search source
    // answered 502 UND_ERR_INVALID_ARG while every in-Jest test passed.
    it.each(['web', 'academic', 'discussions'])(
      'answers a %s search with 200 and the fake SearxNG results as sources',
      async (source) => {
        const res = await client.call('POST', '/api/search', {
          body: { ...builtinModels, sources: [source], query: `quarry ${source} caching` },
        });
        expectStatus(res, 200);
        const answer = res.json<{ message: string; sources: Source[] }>();
        expect(answer.sources.length).toBeGreaterThan(0);
        for (const s of answer.sources)
          expect(s.metadata.url.startsWith(env.searxngUrl)).toBe(true);
        expect(answer.message).toMatch(/\[\d+\]/);
      },
    );

    it('answers the README question from local documents', async () => {
      const res = await client.call('POST', '/api/search', {
        body: {
          ...builtinModels,
          sources: ['local'],
          query: 'How are meta-search results cached?',
        },
      });
      expectStatus(res, 200);
      const answer = res.json<{ message: string; sources: Source[] }>();
      expect(answer.sources[0].metadata.url).toMatch(/^file:\/\/.*\/docs\//);
    });

    it.each(['web', 'academic', 'discussions', 'local'])(
      'streams a %s search as NDJSON: init, sources, response chunks, done',
      async (source) => {
        const res = await client.call('POST', '/api/search', {
          body: {
            ...builtinModels,
            sources: [source],
            query: 'How are results cached?',
            stream: true,
          },
        });
        expectStatus(res, 200);
        expect(res.contentType).toMatch(/^text\/event-stream/);
        const messages = res.text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as StreamMessage);
        expect(messages[0].type).toBe('init');
        expect(messages[1].type).toBe('sources');
        expect(messages.at(-1)).toEqual({ type: 'done' });
        expect(messages.filter((m) => m.type === 'response').length).toBeGreaterThan(0);
        if (source !== 'local') {
          const sources = messages[1].data as Source[];
          expect(sources[0].metadata.url.startsWith(env.searxngUrl)).toBe(true);
        }
      },
    );

    it('answers with the OpenAI-compatible fake for chat and embeddings', async () => {
      const openai = providerNamed(/openai/i);
      const res = await client.call('POST', '/api/search', {
        body: {
          chatModel: { providerId: openai.id, key: 'gpt-4o-mini' },
          embeddingModel: { providerId: openai.id, key: 'text-embedding-3-small' },
          sources: ['web'],
          query: 'How does Quarry cache results?',
        },
      });
      expectStatus(res, 200);
      expect(res.json<{ message: string }>().message).toContain(
        'Quarry caches meta-search results',
      );
    });

    it('streams an answer written by the Ollama fake', async () => {
      const ollama = providerNamed(/ollama/i);
      const res = await client.call('POST', '/api/search', {
        body: {
          chatModel: { providerId: ollama.id, key: 'llama3.1:8b' },
          embeddingModel: { providerId: ollama.id, key: 'nomic-embed-text:latest' },
          sources: ['discussions'],
          query: 'What do people say about Quarry?',
          stream: true,
        },
      });
      expectStatus(res, 200);
      expect(res.text).toContain('Ollama');
    });

    it('answers 400 in the error shape for a request without a query', async () => {
      const res = await client.call('POST', '/api/search', {
        body: { ...builtinModels, sources: ['local'] },
      });
      expectStatus(res, 400);
      expect(res.json<{ message: string[] }>().message.join(' ')).toMatch(/query/);
    });

    it('answers 413 for a body over BODY_LIMIT_BYTES', async () => {
      const res = await client.call('POST', '/api/search', {
        body: { ...builtinModels, sources: ['local'], query: 'x'.repeat(1_100_000) },
      });
      expectStatus(res, 413);
    });

    it('refuses a text/plain body in the documented error shape', async () => {
      const res = await client.call('POST', '/api/search', {
        rawBody: 'How are results cached?',
        headers: { 'content-type': 'text/plain' },
      });
      expectStatus(res, 415);
    });
  });

  describe('OpenAI-compatible /v1', () => {
    it('lists models in OpenAI shape: id, object, created, owned_by', async () => {
      const res = await client.call('GET', '/v1/models');
      expectStatus(res, 200);
      const list = res.json<{ data: Array<Record<string, unknown>> }>();
      expect(list.data).toContainEqual(
        expect.objectContaining({ id: `${BUILTIN}/extractive`, object: 'model' }),
      );
      expect(list.data[0]).not.toHaveProperty('key');
    });

    it('answers a chat completion from local documents', async () => {
      const res = await client.call('POST', '/v1/chat/completions', {
        body: {
          model: `${BUILTIN}/extractive`,
          messages: [{ role: 'user', content: 'How are meta-search results cached?' }],
          search_mode: 'local',
          max_sources: 3,
        },
      });
      expectStatus(res, 200);
      expect(res.json<{ object: string }>().object).toBe('chat.completion');
    });

    it('streams chunks with a null usage until the usage chunk, then [DONE]', async () => {
      const openai = providerNamed(/openai/i);
      const res = await client.call('POST', '/v1/chat/completions', {
        body: {
          model: `${openai.id}/gpt-4o-mini`,
          messages: [{ role: 'user', content: 'How does Quarry cache results?' }],
          stream: true,
          stream_options: { include_usage: true },
        },
      });
      expectStatus(res, 200);
      expect(res.contentType).toMatch(/^text\/event-stream/);
      const events = res.text.split('\n\n').filter(Boolean);
      expect(events.at(-1)).toBe('data: [DONE]');
      const chunks = events
        .slice(0, -1)
        .map((event) => JSON.parse(event.slice('data: '.length)) as { usage?: unknown });
      expect(chunks.at(-1)?.usage).toEqual(
        expect.objectContaining({ total_tokens: expect.any(Number) }),
      );
      expect(chunks.some((chunk) => chunk.usage === null)).toBe(true);
    });

    it('answers an unknown model with 404 in OpenAI error shape', async () => {
      const res = await client.call('POST', '/v1/chat/completions', {
        body: { model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] },
      });
      expectStatus(res, 404);
      expect(res.json<{ error: { type: string } }>().error.type).toBe('invalid_request_error');
    });

    it('answers 401 in OpenAI error shape without a token', async () => {
      const res = await client.call('GET', '/v1/models', { token: false });
      expectStatus(res, 401);
    });
  });

  describe('connectors', () => {
    it('lists the webhook connector', async () => {
      const res = await client.call('GET', '/api/connectors');
      expectStatus(res, 200);
      expect(res.json<{ connectors: Array<{ id: string }> }>().connectors[0].id).toBe('webhook');
    });

    it('posts a signed webhook to the receiver and returns its reply', async () => {
      const res = await client.call('POST', '/api/connectors/webhook/actions/post', {
        body: {
          url: `${env.webhookUrl}/hooks`,
          body: { event: 'answer.ready', id: 42 },
          secret: 's',
        },
      });
      expectStatus(res, 200);
      expect(res.json()).toMatchObject({
        status_code: 200,
        success: true,
        body: { received: true },
      });
    });

    it('runs a get with query parameters', async () => {
      const res = await client.call('POST', '/api/connectors/webhook/actions/get', {
        body: { url: `${env.webhookUrl}/items`, params: { page: 2 } },
      });
      expectStatus(res, 200);
    });

    it('answers 502 with the result when every attempt failed', async () => {
      const res = await client.call('POST', '/api/connectors/webhook/actions/post', {
        body: { url: `http://127.0.0.1:${await freePort()}/gone`, body: {} },
      });
      expectStatus(res, 502);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    });

    it('answers 404 for an unknown connector and 400 for an unknown action', async () => {
      expect(
        (await client.call('POST', '/api/connectors/slack/actions/post', { body: {} })).status,
      ).toBe(404);
      const res = await client.call('POST', '/api/connectors/webhook/actions/send', {
        body: { url: `${env.webhookUrl}/x` },
      });
      expectStatus(res, 400);
    });
  });

  describe('proxy, with authentication on', () => {
    it('forwards with the token, and a percent-encoded slash in {path} reaches the sibling as /', async () => {
      const res = await client.call('GET', '/api/v1/discover/feed%2Ftoday?region=eu');
      expectStatus(res, 200);
      expect(res.json<{ url: string }>().url).toBe('/api/v1/discover/feed/today?region=eu');
    });

    it('forwards a POST body to the chat sibling', async () => {
      const res = await client.call('POST', '/api/chat/threads', { body: { q: 'hi' } });
      expectStatus(res, 200);
      expect(res.json<{ method: string; body: string }>()).toMatchObject({
        method: 'POST',
        body: '{"q":"hi"}',
      });
    });

    it('refuses a path that leaves its prefix once decoded', async () => {
      const res = await client.call('GET', '/api/v1/discover/a%2F..%2F..%2Fadmin');
      expectStatus(res, 400);
    });

    it('answers 401 without a token and never forwards', async () => {
      expect((await client.call('GET', '/api/v1/discover/feed', { token: false })).status).toBe(
        401,
      );
    });

    it('answers GET /api/auth/me from the auth service', async () => {
      const res = await client.call('GET', '/api/auth/me');
      expectStatus(res, 200);
      expect(res.json()).toMatchObject({ id: 'user-dist' });
    });
  });

  describe('index, health and documentation (public)', () => {
    it('answers GET / with the name, version and links', async () => {
      const res = await client.call('GET', '/', { token: false });
      expectStatus(res, 200);
      expect(res.json()).toMatchObject({ name: 'quarry', links: { openapi: '/docs/json' } });
    });

    it('answers liveness and readiness without a token', async () => {
      expect((await client.call('GET', '/health', { token: false })).status).toBe(200);
      const ready = await client.call('GET', '/health/ready', { token: false });
      expectStatus(ready, 200);
      expect(ready.json()).toMatchObject({ status: 'ok' });
    });

    it('serves Swagger UI and the document without a token', async () => {
      const page = await client.call('GET', '/docs', { token: false });
      expectStatus(page, 200);
      expect(page.contentType).toMatch(/^text\/html/);
      const doc = await client.call('GET', '/docs/json', { token: false });
      expect(doc.json<{ openapi: string }>().openapi).toMatch(/^3\.0/);
    });

    it('answers unknown paths with 404 in the shape of their family', async () => {
      expect((await client.call('GET', '/api/nothing-here')).status).toBe(404);
      expect((await client.call('GET', '/v1/nothing-here')).status).toBe(404);
    });
  });
});
