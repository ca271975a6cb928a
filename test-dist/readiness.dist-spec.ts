import { FakeAuthServer } from '../test/fakes/fake-auth.server';
import { freePort } from './support/free-port';
import { QuarryProcess } from './support/quarry-process';

const TOKEN = 'readiness-operator';

/** GET /health/ready as a probe (no token), with a token, or on another base URL. */
async function ready(
  baseUrl: string,
  authorization?: string,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const res = await fetch(`${baseUrl}/health/ready`, {
    headers: authorization ? { authorization } : {},
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

/** Readiness detail (internal addresses, failure reasons) of the built service, AUTH_REQUIRED=true. */
describe('GET /health/ready of the built service', () => {
  let auth: FakeAuthServer;
  let quarry: QuarryProcess;
  let metricsPort: number;
  // SearxNG at an address nothing listens on: unready, with a reason naming it.
  let searxngUrl: string;

  beforeAll(async () => {
    auth = await FakeAuthServer.start();
    auth.users.set(TOKEN, { id: 'operator' });
    metricsPort = await freePort();
    searxngUrl = `http://127.0.0.1:${await freePort()}`;
    quarry = await QuarryProcess.start({
      NODE_ENV: 'production',
      AUTH_REQUIRED: 'true',
      AUTH_SERVICE_URL: auth.url,
      SEARXNG_URL: searxngUrl,
      METRICS_PORT: String(metricsPort),
    });
  }, 60_000);
  afterAll(async () => {
    await quarry?.stop();
    await auth?.close();
  });

  it('tells an anonymous probe the status code and nothing else', async () => {
    for (const authorization of [undefined, 'Bearer not-a-user', 'Basic abc']) {
      const res = await ready(quarry.url, authorization);
      expect({ authorization, status: res.status, body: res.body }).toEqual({
        authorization,
        status: 503,
        body: { status: 'error' },
      });
      expect(res.text).not.toContain('127.0.0.1');
    }
  });

  it('gives the entries, addresses and reasons, to a caller with a valid token', async () => {
    const res = await ready(quarry.url, `Bearer ${TOKEN}`);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'error',
      error: { 'searxng:1': { status: 'down', reason: expect.any(String), address: searxngUrl } },
      details: { 'auth-service': { status: 'up', address: auth.url } },
    });
  });

  it('gives the whole report without a token on METRICS_PORT', async () => {
    const res = await ready(`http://127.0.0.1:${metricsPort}`);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'error',
      error: { 'searxng:1': { status: 'down', address: searxngUrl } },
    });
  });
});
