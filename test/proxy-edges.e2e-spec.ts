import { request } from 'node:http';
import { EchoSibling } from './fakes/echo-sibling.server';
import { FakeAuthServer } from './fakes/fake-auth.server';
import { NO_PROVIDER_ENV } from './utils/provider-env';
import { getWithInformational, sendRaw, sha256, uploadExpectingContinue } from './utils/raw-http';
import { startTestApp, type TestApp } from './utils/test-app';

const TOKEN = 'tok-edges';
const REQUEST_ID = expect.any(String) as unknown;

/** What real clients send at the edges of HTTP, with authentication on (issue 35). */
describe('the proxy and the routes at the edges of HTTP (e2e)', () => {
  let t: TestApp;
  let auth: FakeAuthServer;
  let sibling: EchoSibling;
  const bearer = { authorization: `Bearer ${TOKEN}` };

  beforeAll(async () => {
    auth = await FakeAuthServer.start();
    auth.users.set(TOKEN, { id: 'user-edges' });
    sibling = await EchoSibling.start('library');
    t = await startTestApp({
      env: {
        ...NO_PROVIDER_ENV,
        AUTH_REQUIRED: 'true',
        AUTH_SERVICE_URL: auth.url,
        LIBRARY_SVC_URL: sibling.url,
        RATE_LIMIT_MAX: '0',
        REDIS_URL: undefined,
      },
      listen: true,
    });
  });
  afterAll(async () => {
    await t?.close();
    await sibling?.close();
    await auth?.close();
  });

  describe('Expect: 100-continue', () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 0x5a);

    it('forwards a 2 MiB body byte for byte after 100 Continue', async () => {
      const res = await uploadExpectingContinue(`${t.url}/api/v1/library/uploads`, body, bearer);
      expect(res).toMatchObject({ continued: true, status: 200 });
      const seen = sibling.last();
      expect(seen).toMatchObject({ method: 'POST', url: '/api/v1/library/uploads' });
      expect(seen.bodyBytes).toBe(body.length);
      expect(seen.bodySha256).toBe(sha256(body));
      expect(seen.headers.expect).toBeUndefined();
    });

    it('answers 401 without asking for the body when the token is missing', async () => {
      const before = sibling.received.length;
      const res = await uploadExpectingContinue(`${t.url}/api/v1/library/uploads`, body);
      expect(res).toMatchObject({ continued: false, status: 401 });
      expect(sibling.received.length).toBe(before);
    });

    it('forwards a request with an expectation it does not know instead of answering 417', async () => {
      const res = await getWithInformational(`${t.url}/api/v1/library/x`, {
        ...bearer,
        expect: 'something-else',
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ sibling: 'library', method: 'GET' });
    });

    it("passes on the sibling's own 417", async () => {
      const res = await uploadExpectingContinue(
        `${t.url}/api/v1/library/uploads?echo=status&code=417`,
        body,
        bearer,
      );
      expect(res.status).toBe(417);
      expect(JSON.parse(res.body)).toMatchObject({ sibling: 'library' });
    });
  });

  describe('a Content-Type without a body', () => {
    it('forwards a DELETE naming application/json', async () => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/library/x',
        headers: { ...bearer, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      expect(sibling.last()).toMatchObject({ method: 'DELETE', bodyBytes: 0 });
      expect(sibling.last().headers['content-type']).toBe('application/json');
    });

    it('forwards a POST of an empty application/octet-stream', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/library/x/reload',
        headers: { ...bearer, 'content-type': 'application/octet-stream', 'content-length': '0' },
      });
      expect(res.statusCode).toBe(200);
      expect(sibling.last()).toMatchObject({ method: 'POST', bodyBytes: 0 });
    });

    it("routes it on Quarry's own routes: validation speaks, not the parser", async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { ...bearer, 'content-type': 'application/json', 'content-length': '0' },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().message)).not.toMatch(/Body cannot be empty/);
    });

    it('takes an empty chunked JSON body as no body', async () => {
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${t.url}/api/search`, {
          method: 'POST',
          headers: {
            ...bearer,
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
          },
        });
        req.on('error', reject);
        req.on('response', (reply) => {
          let body = '';
          reply.on('data', (chunk: Buffer) => (body += chunk.toString()));
          reply.on('end', () => resolve({ status: reply.statusCode ?? 0, body }));
        });
        req.end();
      });
      expect(res.status).toBe(400);
      expect(res.body).not.toMatch(/Body cannot be empty/);
    });

    it('answers 404 for a route that does not exist, body or not', async () => {
      for (const payload of [undefined, '{"broken": ']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/nowhere',
          headers: { ...bearer, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(404);
      }
    });
  });

  describe('authentication before the body', () => {
    it.each([
      ['/api/search', 'application/json'],
      ['/api/search', 'text/plain'],
      ['/api/v1/library/items', 'application/json'],
    ])('answers 401 to %s with a %s body it never read', async (url, type) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        payload: '{"broken": ',
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="quarry"/);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'A bearer token is required',
        requestId: res.headers['x-request-id'],
      });
    });
  });

  describe("a sibling's informational replies", () => {
    it('relays 103 Early Hints, then delivers the reply', async () => {
      const res = await getWithInformational(`${t.url}/api/v1/library/x?echo=early-hints`, bearer);
      expect(res.informational).toEqual([
        {
          status: 103,
          headers: expect.objectContaining({
            link: '</style.css>; rel=preload; as=style',
            'x-hint': 'early',
          }),
        },
      ]);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ sibling: 'library', method: 'GET' });
    });

    it('relays 102 Processing, then delivers the reply', async () => {
      const res = await getWithInformational(`${t.url}/api/v1/library/x?echo=processing`, bearer);
      expect(res.informational.map((info) => info.status)).toEqual([102]);
      expect(res.status).toBe(200);
    });

    it('skips a 100 Continue it did not ask for, then delivers the reply', async () => {
      const res = await getWithInformational(`${t.url}/api/v1/library/x?echo=continue`, bearer);
      expect(res.informational).toEqual([]);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ sibling: 'library', method: 'GET' });
    });
  });

  it('keeps the headers a sibling names in its Connection header from the client', async () => {
    const res = await getWithInformational(`${t.url}/api/v1/library/x?echo=hop-named`, bearer);
    expect(res.status).toBe(200);
    expect(res.headers['x-sibling-hop']).toBeUndefined();
    expect(res.headers['x-echo-sibling']).toBe('library');
  });

  describe("Fastify's and Node's own answers, in the error shape", () => {
    const security = { 'x-content-type-options': 'nosniff' };

    it('answers a URL it cannot decode', async () => {
      const res = await sendRaw(
        t.url,
        'GET /api/v1/library/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      expect(res.status).toBe(400);
      expect(res.headers).toMatchObject(security);
      expect(JSON.parse(res.body)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(/is not a valid url component/),
        requestId: res.headers['x-request-id'],
      });
    });

    it('answers headers over the size limit with 431', async () => {
      const res = await sendRaw(
        t.url,
        `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(res.status).toBe(431);
      expect(res.headers).toMatchObject(security);
      expect(JSON.parse(res.body)).toEqual({
        statusCode: 431,
        error: 'Request Header Fields Too Large',
        message: 'The request headers are too large',
        requestId: res.headers['x-request-id'],
      });
    });

    it('answers an HTTP/1.1 request without Host with 400', async () => {
      const res = await sendRaw(t.url, 'GET /api/providers HTTP/1.1\r\nConnection: close\r\n\r\n');
      expect(res.status).toBe(400);
      expect(res.headers).toMatchObject(security);
      expect(JSON.parse(res.body)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'HTTP/1.1 requests must carry a Host header',
        requestId: res.headers['x-request-id'],
      });
    });

    it('answers a request that is not HTTP with 400', async () => {
      const res = await sendRaw(t.url, 'HELLO THERE\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The request is not valid HTTP',
        requestId: REQUEST_ID,
      });
      expect(res.headers['x-request-id']).toBe(JSON.parse(res.body).requestId);
    });
  });

  it('names a __proto__ key instead of calling the body invalid JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '{"query": "x", "__proto__": {"polluted": true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The body has a "__proto__" key, which is not accepted: remove it',
      requestId: res.headers['x-request-id'],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
