import { randomUUID } from 'node:crypto';
import { EchoSibling } from '../test/fakes/echo-sibling.server';
import { FakeAuthServer } from '../test/fakes/fake-auth.server';
import { QuarryProcess } from './support/quarry-process';

// Limits are checked outside the contract client: each build here has its own fakes and settings.
// Counted in memory: a Redis command that times out on a busy machine falls back to counting per
// replica, which would make the counts here depend on the machine's speed. Sharing the counts
// through Redis is test/limits.e2e-spec.ts's; the key is the same for every route either way.

/** A client address of its own per call site: X-Forwarded-For is believed with TRUST_PROXY=true. */
const newAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID()}`;

async function get(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; retryAfter: string | null }> {
  const res = await fetch(`${baseUrl}${path}`, { headers });
  return { status: res.status, body: await res.text(), retryAfter: res.headers.get('retry-after') };
}

/** Polls until `done` holds; the bound only stops a hang. */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('rate limits of the built service', () => {
  let auth: FakeAuthServer;
  let sibling: EchoSibling;
  let quarry: QuarryProcess;

  beforeAll(async () => {
    [auth, sibling] = await Promise.all([FakeAuthServer.start(), EchoSibling.start('discover')]);
    quarry = await QuarryProcess.start({
      NODE_ENV: 'production',
      AUTH_REQUIRED: 'true',
      AUTH_SERVICE_URL: auth.url,
      DISCOVER_SVC_URL: sibling.url,
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_MS: '60000',
      AUTH_MAX_CONCURRENT_VALIDATIONS: '2',
      // Calls the fake holds must not time out while the test looks at them.
      AUTH_TIMEOUT_MS: '60000',
    });
  }, 60_000);
  afterAll(async () => {
    auth?.releaseHeld();
    await quarry?.stop();
    await Promise.all([auth?.close(), sibling?.close()]);
  });

  describe('RATE_LIMIT_MAX is one budget per caller, across routes', () => {
    it('counts providers, models, connectors and a proxied route together', async () => {
      const token = `limits-${randomUUID()}`;
      auth.users.set(token, { id: `user-${randomUUID()}` });
      const headers = { authorization: `Bearer ${token}` };
      const routes = ['/api/providers', '/v1/models', '/api/connectors'];
      for (const route of routes) {
        expect({ route, ...(await get(quarry.url, route, headers)) }).toMatchObject({
          route,
          status: 200,
        });
      }
      // Each route has had one request, the caller three: every route is now refused.
      for (const route of [...routes, '/api/v1/discover/x']) {
        const res = await get(quarry.url, route, headers);
        expect({ route, status: res.status }).toEqual({ route, status: 429 });
        expect(Number(res.retryAfter)).toBeGreaterThan(0);
      }
      // Another caller has a budget of its own.
      const other = `limits-${randomUUID()}`;
      auth.users.set(other, { id: `user-${randomUUID()}` });
      expect(
        (await get(quarry.url, '/v1/models', { authorization: `Bearer ${other}` })).status,
      ).toBe(200);
    });
  });

  describe('requests without valid credentials', () => {
    afterEach(() => auth.releaseHeld());

    it('are limited per address; a spent address gets 429 without the auth service being asked', async () => {
      const address = newAddress();
      const calls = auth.calls.length;
      const bad = () => ({
        authorization: `Bearer bad-${randomUUID()}`,
        'x-forwarded-for': address,
      });
      for (let i = 0; i < 3; i++)
        expect((await get(quarry.url, '/v1/models', bad())).status).toBe(401);
      expect(auth.calls.length - calls).toBe(3);

      for (const headers of [bad(), bad(), { 'x-forwarded-for': address }]) {
        const res = await get(quarry.url, '/api/providers', headers);
        expect(res.status).toBe(429);
        expect(JSON.parse(res.body)).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
        expect(Number(res.retryAfter)).toBeGreaterThan(0);
      }
      expect(auth.calls.length - calls).toBe(3);
      // Another address is still answered 401, and a valid token from it is served.
      expect(
        (await get(quarry.url, '/v1/models', { 'x-forwarded-for': newAddress() })).status,
      ).toBe(401);
      const token = `limits-${randomUUID()}`;
      auth.users.set(token, { id: `user-${randomUUID()}` });
      const valid = { authorization: `Bearer ${token}`, 'x-forwarded-for': newAddress() };
      expect((await get(quarry.url, '/v1/models', valid)).status).toBe(200);
    });

    it('cost one auth-service call for a burst of one unknown token', async () => {
      const token = `unknown-${randomUUID()}`;
      const from = () => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': newAddress() });
      // Requests while the call is held share it...
      auth.holding = true;
      const burst = Array.from({ length: 5 }, () => get(quarry.url, '/v1/models', from()));
      await until(() => auth.callsFor(token) === 1, 'the first call');
      auth.releaseHeld();
      for (const res of await Promise.all(burst)) expect(res.status).toBe(401);
      // ...and the ones right after it are refused from memory (for up to 2 s).
      for (let i = 0; i < 2; i++)
        expect((await get(quarry.url, '/v1/models', from())).status).toBe(401);
      expect(auth.callsFor(token)).toBe(1);
    });

    it('validate at most AUTH_MAX_CONCURRENT_VALIDATIONS at once, as many queued, the rest 503', async () => {
      auth.holding = true;
      const calls = auth.calls.length;
      const settled: Array<{ status: number; retryAfter: string | null }> = [];
      const replies = Array.from({ length: 10 }, () =>
        get(quarry.url, '/v1/models', {
          authorization: `Bearer slow-${randomUUID()}`,
          'x-forwarded-for': newAddress(),
        }).then((res) => {
          settled.push(res);
          return res;
        }),
      );
      // Two calls held by the auth service, two requests waiting for a slot, six refused at once.
      await until(() => settled.length === 6, 'six refusals');
      expect(settled).toEqual(
        Array(6).fill(expect.objectContaining({ status: 503, retryAfter: '1' })),
      );
      expect(auth.calls.length - calls).toBe(2);

      auth.releaseHeld();
      const statuses = (await Promise.all(replies)).map((res) => res.status).sort();
      expect(statuses).toEqual([...Array(4).fill(401), ...Array(6).fill(503)]);
      expect(auth.calls.length - calls).toBe(4);
    });
  });
});
