import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { CurrentUser } from '../src/auth/current-user.decorator';
import { StartupFacts } from '../src/common/logging/startup-facts';
import type { AuthenticatedUser } from '../src/auth/authenticated-user';
import { EchoSibling } from './fakes/echo-sibling.server';
import { FakeAuthServer } from './fakes/fake-auth.server';
import { TEST_REDIS_URL } from './utils/redis';
import { startTestApp, type TestApp } from './utils/test-app';

@Controller('__test')
class WhoAmIController {
  @Get('whoami')
  whoami(@CurrentUser() user: AuthenticatedUser | undefined): { user: AuthenticatedUser | null } {
    return { user: user ?? null };
  }
}

@Module({ controllers: [WhoAmIController] })
class WhoAmIModule {}

/** A fresh token per test, so cached validations (in Redis too) never leak between tests. */
function tokenFor(fake: FakeAuthServer, profile: Record<string, unknown> = {}): string {
  const token = `tok-${randomUUID()}`;
  fake.users.set(token, { id: `user-${token.slice(4, 12)}`, email: 'ada@example.com', ...profile });
  return token;
}

async function deadPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('bearer authentication (e2e)', () => {
  let auth: FakeAuthServer;
  let chat: EchoSibling;
  let t: TestApp;

  beforeAll(async () => {
    auth = await FakeAuthServer.start();
    chat = await EchoSibling.start('chat');
    t = await startTestApp({
      imports: [WhoAmIModule],
      env: {
        AUTH_REQUIRED: 'true',
        AUTH_SERVICE_URL: auth.url,
        // Bounds a hang: the fake either answers at once or never (a busy machine needs headroom).
        AUTH_TIMEOUT_MS: '3000',
        AUTH_CACHE_TTL_MS: '2000',
        CHAT_SVC_URL: chat.url,
        REDIS_URL: undefined,
      },
    });
  });

  afterEach(() => {
    auth.failWith = undefined;
    auth.delayMs = 0;
    auth.resetReusedConnections = false;
  });

  afterAll(async () => {
    await t.close();
    await auth.close();
    await chat.close();
  });

  const get = (url: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

  function expectUnauthorized(
    res: Awaited<ReturnType<typeof get>>,
    challenge: RegExp = /^Bearer realm="quarry"/,
  ): void {
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(challenge);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: expect.any(String),
      requestId: res.headers['x-request-id'],
    });
  }

  it('answers 401 without an Authorization header, calling nothing upstream', async () => {
    const calls = auth.calls.length;
    const seen = chat.received.length;
    expectUnauthorized(await get('/api/chat/threads'));
    expect(auth.calls.length).toBe(calls);
    expect(chat.received.length).toBe(seen);
  });

  it('answers 401 invalid_request for another scheme or a malformed header', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer two tokens', 'tok-abc']) {
      expectUnauthorized(await get('/api/chat', header), /error="invalid_request"/);
    }
  });

  it('answers 401 invalid_token when the auth service says 401 or 403', async () => {
    expectUnauthorized(await get('/api/chat', 'Bearer unknown-token'), /error="invalid_token"/);
    expectUnauthorized(await get('/api/chat', 'Bearer forbidden-x'), /error="invalid_token"/);
  });

  it('lets a valid token through and gives handlers the user', async () => {
    const token = tokenFor(auth, { plan: 'pro' });
    const res = await get('/__test/whoami', `bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: `user-${token.slice(4, 12)}`,
        profile: { id: `user-${token.slice(4, 12)}`, email: 'ada@example.com', plan: 'pro' },
      },
    });
    expect(auth.calls.at(-1)?.authorization).toBe(`Bearer ${token}`);
  });

  it('forwards an authenticated proxy request with its Authorization header', async () => {
    const token = tokenFor(auth);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"message":"hi"}',
    });
    expect(res.statusCode).toBe(200);
    expect(chat.last().headers.authorization).toBe(`Bearer ${token}`);
    expect(chat.last().body).toBe('{"message":"hi"}');
  });

  it('proxies GET /api/auth/me to the auth service behind the guard', async () => {
    const token = tokenFor(auth);
    const res = await get('/api/auth/me', `Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ada@example.com' });
    expectUnauthorized(await get('/api/auth/me'));
  });

  it('answers 503 when the auth service answers 5xx', async () => {
    const token = tokenFor(auth);
    auth.failWith = 500;
    const failed = await get('/api/chat', `Bearer ${token}`);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
  });

  it('answers 503 when the auth service never answers within AUTH_TIMEOUT_MS', async () => {
    const token = tokenFor(auth);
    auth.delayMs = 60_000;
    const slow = await get('/api/chat', `Bearer ${token}`);
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
  }, 20_000);

  it('validates on a fresh connection when the auth service resets a kept-alive one', async () => {
    auth.resetReusedConnections = true;
    const first = tokenFor(auth);
    const second = tokenFor(auth);
    expect((await get('/__test/whoami', `Bearer ${first}`)).statusCode).toBe(200);
    // The connection that served `first` is idle and kept; the auth service resets it when reused.
    const res = await get('/__test/whoami', `Bearer ${second}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ id: `user-${second.slice(4, 12)}` }),
    });
    expect(auth.callsFor(second)).toBe(1);
  });

  it('serves a second request with the same token from the cache', async () => {
    const token = tokenFor(auth);
    expect((await get('/__test/whoami', `Bearer ${token}`)).statusCode).toBe(200);
    expect((await get('/__test/whoami', `Bearer ${token}`)).statusCode).toBe(200);
    expect(auth.callsFor(token)).toBe(1);
  });

  it('asks the auth service again once the cached validation expired', async () => {
    const token = tokenFor(auth);
    await get('/__test/whoami', `Bearer ${token}`);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    await get('/__test/whoami', `Bearer ${token}`);
    expect(auth.callsFor(token)).toBe(2);
  });

  it('answers a token refused a moment ago without asking again', async () => {
    expectUnauthorized(await get('/__test/whoami', 'Bearer rejected-twice'));
    expectUnauthorized(await get('/__test/whoami', 'Bearer rejected-twice'));
    expect(auth.callsFor('rejected-twice')).toBe(1);
  });

  it('makes one auth call for concurrent requests with the same new token', async () => {
    const token = tokenFor(auth);
    auth.delayMs = 100;
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => get('/__test/whoami', `Bearer ${token}`)),
    );
    expect(replies.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(auth.callsFor(token)).toBe(1);
  });

  it('keeps public routes reachable without a token', async () => {
    expect((await get('/health')).statusCode).toBe(200);
    expect([200, 503]).toContain((await get('/health/ready')).statusCode);
    expect((await get('/docs')).statusCode).toBe(200);
    expect((await get('/docs/json')).statusCode).toBe(200);
  });
});

describe('bearer authentication: idle connections to the auth service (e2e)', () => {
  it("closes an idle connection before the auth service's Keep-Alive hint runs out", async () => {
    // The server keeps idle connections 2 s and says so (`Keep-Alive: timeout=2`); Quarry's agent
    // should give them up a second earlier rather than reuse one the server is about to close.
    const auth = await FakeAuthServer.start({ keepAliveTimeoutMs: 2_000 });
    const t = await startTestApp({
      env: { AUTH_REQUIRED: 'true', AUTH_SERVICE_URL: auth.url, REDIS_URL: undefined },
    });
    try {
      const get = (token: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/providers',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await get(tokenFor(auth))).statusCode).toBe(200);
      const connectionsBefore = auth.connections;
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect((await get(tokenFor(auth))).statusCode).toBe(200);
      expect(auth.connections).toBe(connectionsBefore + 1);
    } finally {
      await t.close();
      await auth.close();
    }
  });
});

describe('bearer authentication: auth service down (e2e)', () => {
  it('fails closed with 503', async () => {
    const t = await startTestApp({
      env: { AUTH_REQUIRED: 'true', AUTH_SERVICE_URL: `http://127.0.0.1:${await deadPort()}` },
    });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/chat',
        headers: { authorization: 'Bearer some-token' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The authentication service is unavailable; retry later',
        requestId: res.headers['x-request-id'],
      });
    } finally {
      await t.close();
    }
  });
});

describe('bearer authentication: settings (e2e)', () => {
  let auth: FakeAuthServer;
  beforeAll(async () => {
    auth = await FakeAuthServer.start();
  });
  afterAll(() => auth.close());

  it('is off by default outside production, with a start-up warning', async () => {
    const t = await startTestApp({
      imports: [WhoAmIModule],
      env: { AUTH_REQUIRED: undefined, NODE_ENV: 'development', AUTH_SERVICE_URL: auth.url },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/__test/whoami' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      // main.ts prints these after listen(); test-dist/startup.dist-spec.ts reads the printed line.
      expect(t.app.get(StartupFacts).all()).toContainEqual({
        level: 'warn',
        text: expect.stringMatching(/^authentication off: AUTH_REQUIRED is false/),
      });
    } finally {
      await t.close();
    }
  });

  it('is on by default in production', async () => {
    const t = await startTestApp({
      imports: [WhoAmIModule],
      env: { AUTH_REQUIRED: undefined, NODE_ENV: 'production', AUTH_SERVICE_URL: auth.url },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/__test/whoami' });
      expect(res.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('calls the auth service every time with AUTH_CACHE_TTL_MS=0', async () => {
    const t = await startTestApp({
      imports: [WhoAmIModule],
      env: {
        AUTH_REQUIRED: 'true',
        AUTH_CACHE_TTL_MS: '0',
        AUTH_SERVICE_URL: auth.url,
        REDIS_URL: undefined,
      },
    });
    try {
      const token = tokenFor(auth);
      for (let i = 0; i < 3; i += 1) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/__test/whoami',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(200);
      }
      expect(auth.callsFor(token)).toBe(3);
    } finally {
      await t.close();
    }
  });
});

describe('bearer authentication: Redis-backed cache (e2e)', () => {
  // The project's test machines run Redis on 127.0.0.1:6379; CI passes it as REDIS_URL.
  const redisUrl = TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('shares validations between replicas, keyed by the token hash only', async () => {
    const auth = await FakeAuthServer.start();
    const env = {
      AUTH_REQUIRED: 'true',
      AUTH_SERVICE_URL: auth.url,
      REDIS_URL: redisUrl,
      AUTH_CACHE_TTL_MS: '5000',
    };
    const replicaA = await startTestApp({ imports: [WhoAmIModule], env });
    const replicaB = await startTestApp({ imports: [WhoAmIModule], env });
    const redis = new Redis(redisUrl);
    try {
      const token = tokenFor(auth);
      const headers = { authorization: `Bearer ${token}` };
      const first = await replicaA.app.inject({ method: 'GET', url: '/__test/whoami', headers });
      const second = await replicaB.app.inject({ method: 'GET', url: '/__test/whoami', headers });
      expect(first.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(auth.callsFor(token)).toBe(1);

      const hash = createHash('sha256').update(token).digest('hex');
      const keys = await redis.keys('quarry:auth:*');
      expect(keys).toContain(`quarry:auth:${hash}`);
      expect(keys.some((key) => key.includes(token))).toBe(false);
      const ttl = await redis.pttl(`quarry:auth:${hash}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5000);
    } finally {
      redis.disconnect();
      await replicaA.close();
      await replicaB.close();
      await auth.close();
    }
  });
});
