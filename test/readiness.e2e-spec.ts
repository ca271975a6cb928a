import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeAuthServer } from './fakes/fake-auth.server';
import { FakeSearxngServer } from './fakes/fake-searxng.server';
import { NO_PROVIDER_ENV } from './utils/provider-env';
import { startTestApp, type TestApp } from './utils/test-app';

/** A server that answers every request 200 with an HTML page: up to a ping, useless to a search. */
async function htmlInsteadOfJson(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Welcome to nginx!</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** An address nothing listens on. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const BASE_ENV = {
  ...NO_PROVIDER_ENV,
  SEARXNG_URL: undefined,
  SEARXNG_FALLBACK_URLS: undefined,
  SEARCH_SVC_URL: undefined,
  REDIS_URL: undefined,
  AUTH_REQUIRED: 'false',
  READINESS_CACHE_MS: '0',
};

describe('/health/ready tells the truth (e2e)', () => {
  let searxng: FakeSearxngServer;
  let html: { url: string; server: Server };
  let auth: FakeAuthServer;
  let closed: string;
  let t: TestApp | undefined;

  beforeAll(async () => {
    searxng = await FakeSearxngServer.start();
    html = await htmlInsteadOfJson();
    auth = await FakeAuthServer.start();
    closed = await closedAddress();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    searxng.reset();
  });
  afterAll(async () => {
    await searxng?.close();
    await auth?.close();
    await new Promise((resolve) => html?.server.close(resolve));
  });

  async function ready(env: Record<string, string | undefined>, token?: string) {
    t ??= await startTestApp({ env: { ...BASE_ENV, ...env } });
    const res = await t.app.inject({
      method: 'GET',
      url: '/health/ready',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('probes each SearxNG address with a real JSON search; one answering is enough', async () => {
    const { status, body } = await ready({
      SEARXNG_URL: html.url,
      SEARXNG_FALLBACK_URLS: `${searxng.url},${closed}`,
    });
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.details['searxng:1']).toMatchObject({
      status: 'down',
      reason: expect.stringMatching(/unreadable reply/),
      address: html.url,
    });
    expect(body.details['searxng:2']).toMatchObject({ status: 'up', address: searxng.url });
    expect(body.details['searxng:3']).toMatchObject({
      status: 'down',
      reason: 'ECONNREFUSED',
    });
    expect(searxng.searches).toHaveLength(1);
    expect(searxng.searches[0].params).toMatchObject({ format: 'json' });
  });

  it('answers 503 when no meta-search address answers the real call', async () => {
    const { status, body } = await ready({ SEARXNG_URL: html.url, SEARXNG_FALLBACK_URLS: closed });
    expect(status).toBe(503);
    expect(body.status).toBe('error');
    expect(Object.keys(body.error)).toEqual(expect.arrayContaining(['searxng:1', 'searxng:2']));
    // The built-in provider is still reported up.
    expect(body.info['provider:Built-in (offline)']).toMatchObject({ status: 'up' });
  });

  it('shows an address answering JSON without results as down', async () => {
    searxng.failNext({ malformed: true });
    const { status, body } = await ready({ SEARXNG_URL: searxng.url });
    expect(status).toBe(503);
    expect(body.error['searxng:1']).toMatchObject({ reason: expect.stringMatching(/unreadable/) });
  });

  it('probes the search sibling in SEARCH_SVC_URL mode, at its own path', async () => {
    const { status, body } = await ready({ SEARCH_SVC_URL: searxng.url });
    expect(status).toBe(200);
    expect(body.details['search-service']).toMatchObject({ status: 'up' });
    expect(body.details['searxng:1']).toBeUndefined();
    expect(searxng.searches.map((search) => search.path)).toEqual(['/api/v1/search']);
  });

  it('has no meta-search entry when none is configured', async () => {
    const { status, body } = await ready({});
    expect(status).toBe(200);
    expect(Object.keys(body.details).filter((name) => /searxng|search-service/.test(name))).toEqual(
      [],
    );
  });

  it('reports the auth service while authentication is required, and is unready without it', async () => {
    // With authentication required, the entries are for a caller with a valid token.
    auth.users.set('readiness-operator', { id: 'operator' });
    const up = await ready(
      { AUTH_REQUIRED: 'true', AUTH_SERVICE_URL: auth.url },
      'readiness-operator',
    );
    expect(up.status).toBe(200);
    expect(up.body.details['auth-service']).toMatchObject({ status: 'up' });
    await t?.close();
    t = undefined;
    // No token can be validated then: the status code says it, the detail is on METRICS_PORT.
    const down = await ready({ AUTH_REQUIRED: 'true', AUTH_SERVICE_URL: closed });
    expect(down).toEqual({ status: 503, body: { status: 'error' } });
  });

  it('has no auth entry when authentication is off', async () => {
    const { body } = await ready({ AUTH_SERVICE_URL: closed });
    expect(body.details['auth-service']).toBeUndefined();
  });

  it('reports Redis down without making the service unready (caches fall back to memory)', async () => {
    const { status, body } = await ready({
      REDIS_URL: `redis://127.0.0.1:${new URL(closed).port}`,
    });
    expect(status).toBe(200);
    expect(body.error.redis).toMatchObject({ status: 'down' });
  });

  it('is unready when no model provider is up', async () => {
    const { status, body } = await ready({
      BUILTIN_PROVIDER: 'false',
      OPENAI_BASE_URL: `${closed}/v1`,
      PROVIDER_STARTUP_WAIT_MS: '2000',
    });
    expect(status).toBe(503);
    expect(body.error['provider:OpenAI']).toMatchObject({ status: 'down' });
  });

  it('reuses one round of probes for READINESS_CACHE_MS', async () => {
    t = await startTestApp({
      env: { ...BASE_ENV, SEARXNG_URL: searxng.url, READINESS_CACHE_MS: '60000' },
    });
    const app = t.app;
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/health/ready' })),
    );
    await app.inject({ method: 'GET', url: '/health/ready' });
    expect(replies.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(searxng.searches).toHaveLength(1);
  });

  it('probes again on every poll with READINESS_CACHE_MS=0', async () => {
    t = await startTestApp({ env: { ...BASE_ENV, SEARXNG_URL: searxng.url } });
    await t.app.inject({ method: 'GET', url: '/health/ready' });
    await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(searxng.searches).toHaveLength(2);
  });
});
