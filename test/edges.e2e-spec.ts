import { readFileSync } from 'node:fs';
import { EchoSibling } from './fakes/echo-sibling.server';
import { NO_PROVIDER_ENV } from './utils/provider-env';
import { startTestApp, type TestApp } from './utils/test-app';

const BUILTIN = 'f3940a4c-6411-599a-84a5-f1cc0898e3f3';
const REQUEST_ID = expect.any(String) as unknown;

describe('clear answers at the edges (e2e)', () => {
  let t: TestApp;
  let sibling: EchoSibling;

  beforeAll(async () => {
    sibling = await EchoSibling.start('discover');
    t = await startTestApp({
      env: { ...NO_PROVIDER_ENV, DISCOVER_SVC_URL: sibling.url, AUTH_REQUIRED: 'false' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sibling?.close();
  });

  describe('a body that is not JSON on a JSON route', () => {
    it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
      'answers 415 in the error shape for %s on /api/search',
      async (type) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/search',
          headers: { 'content-type': type },
          payload: 'query=hello',
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({
          statusCode: 415,
          error: 'Unsupported Media Type',
          message: `Content-Type ${type} is not accepted here: send the body as application/json`,
          requestId: REQUEST_ID,
        });
      },
    );

    it('answers 415 on the OpenAI-compatible route in its own error shape', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toMatch(/send the body as application\/json/);
    });

    it('accepts application/json with a charset', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: JSON.stringify({ query: 'x' }),
      });
      expect(res.statusCode).toBe(400);
    });

    it('leaves the proxy streaming bodies of any type', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/discover/feed',
        headers: { 'content-type': 'text/plain' },
        payload: 'plain words',
      });
      expect(res.statusCode).toBe(200);
      expect(sibling.received.at(-1)).toMatchObject({ body: 'plain words' });
    });
  });

  describe('validation messages', () => {
    async function messagesFor(body: object): Promise<string[]> {
      const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: body });
      expect(res.statusCode).toBe(400);
      return res.json().message as string[];
    }

    it('says once what each missing required field must be, and nothing about fields not sent', async () => {
      // chatModel and embeddingModel are optional (the server's defaults), so only sources is named.
      expect(await messagesFor({ query: 'x' })).toEqual([
        `sources must be a non-empty array of: web, academic, discussions, local`,
      ]);
    });

    it('names each problem of a model reference once', async () => {
      const messages = await messagesFor({
        query: 'x',
        chatModel: { providerId: 'nope' },
        embeddingModel: { providerId: BUILTIN, key: 'hashing' },
        sources: ['local'],
      });
      expect(messages).toEqual([
        'chatModel.providerId must be a UUID from GET /api/providers; ' +
          'chatModel.key must be a model key from GET /api/providers',
      ]);
    });

    it('keeps every distinct problem of a field that was sent, without repeats', async () => {
      const messages = await messagesFor({
        query: 'x',
        chatModel: { providerId: BUILTIN, key: 'extractive' },
        embeddingModel: { providerId: BUILTIN, key: 'hashing' },
        sources: ['web', 'web', 'nope'],
      });
      expect(messages).toEqual([
        'each value in sources must be one of: web, academic, discussions, local',
        'sources must not contain duplicates',
      ]);
      expect(new Set(messages).size).toBe(messages.length);
    });
  });

  describe('GET /', () => {
    it('answers a small JSON index, without authentication', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as {
        name: string;
        version: string;
      };
      expect(res.json()).toEqual({
        name,
        version,
        links: { docs: '/docs', openapi: '/docs/json', health: '/health', ready: '/health/ready' },
      });
    });

    it('is public when authentication is required', async () => {
      const guarded = await startTestApp({
        env: { ...NO_PROVIDER_ENV, AUTH_REQUIRED: 'true', AUTH_SERVICE_URL: 'http://127.0.0.1:9' },
      });
      try {
        expect((await guarded.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
      } finally {
        await guarded.close();
      }
    });
  });
});
