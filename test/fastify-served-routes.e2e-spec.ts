import { All, Controller, Module, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../src/common/decorators/public.decorator';
import { ServedByFastify } from '../src/common/decorators/served-by-fastify.decorator';
import { EchoSibling } from './fakes/echo-sibling.server';
import { FakeAuthServer } from './fakes/fake-auth.server';
import { startTestApp, type TestApp } from './utils/test-app';

/** Routes a newcomer might add: one served by Fastify, public, and one the explorer cannot see. */
@Controller('__test/served')
class ServedController {
  @Public()
  @Post('echo')
  @ServedByFastify<ServedController>({ handler: () => (_request, reply) => reply.send('fastify') })
  echo(): string {
    return 'nest';
  }
}

@Controller('__test/unseen')
class UnseenController {
  @All(':id')
  any(@Req() _request: FastifyRequest, @Res() reply: FastifyReply): void {
    void reply.send('unseen');
  }
}

@Module({ controllers: [ServedController] })
class ServedModule {}

@Module({ controllers: [UnseenController] })
class UnseenModule {}

/**
 * The proxy and GET /api/providers are served by plain Fastify handlers, not through Nest's router
 * (@ServedByFastify, read by src/auth/fastify-routes.explorer.ts). What Nest's pipeline gave them must still hold: the global
 * guards (authentication, rate limit), the error shape, request ids and security headers.
 */
describe('routes served outside Nest’s pipeline keep the global guards (e2e)', () => {
  let auth: FakeAuthServer;
  let discover: EchoSibling;
  let chat: EchoSibling;

  beforeAll(async () => {
    auth = await FakeAuthServer.start();
    discover = await EchoSibling.start('discover');
    chat = await EchoSibling.start('chat');
  });

  afterAll(async () => {
    await auth.close();
    await discover.close();
    await chat.close();
  });

  async function appWith(env: Record<string, string | undefined>): Promise<TestApp> {
    return startTestApp({
      env: {
        DISCOVER_SVC_URL: discover.url,
        CHAT_SVC_URL: chat.url,
        AUTH_SERVICE_URL: auth.url,
        REDIS_URL: undefined,
        TRUST_PROXY: 'true',
        ...env,
      },
    });
  }

  it('asks for a token on proxied paths and /api/providers, and lets a valid one through', async () => {
    const t = await appWith({ AUTH_REQUIRED: 'true', RATE_LIMIT_MAX: '0' });
    try {
      const token = 'tok-served-routes';
      auth.users.set(token, { id: 'user-served', email: 'ada@example.com' });
      for (const url of ['/api/v1/discover/feed', '/api/auth/me', '/api/providers']) {
        const seen = discover.received.length;
        const refused = await t.app.inject({ method: 'GET', url });
        expect(refused.statusCode).toBe(401);
        expect(refused.headers['www-authenticate']).toMatch(/^Bearer realm="quarry"/);
        expect(refused.json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: expect.any(String),
          requestId: refused.headers['x-request-id'],
        });
        expect(discover.received.length).toBe(seen);
      }
      const allowed = await t.app.inject({
        method: 'GET',
        url: '/api/v1/discover/feed',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(allowed.statusCode).toBe(200);
      expect(discover.last().headers.authorization).toBe(`Bearer ${token}`);
      const providers = await t.app.inject({
        method: 'GET',
        url: '/api/providers',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(providers.statusCode).toBe(200);
      expect(providers.json()).toHaveProperty('providers');
    } finally {
      await t.close();
    }
  });

  it('rate-limits proxied paths and /api/providers per caller, in the error shape', async () => {
    const t = await appWith({
      AUTH_REQUIRED: 'false',
      RATE_LIMIT_MAX: '2',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    try {
      const ip = '203.0.113.40';
      const first = await t.app.inject({
        method: 'GET',
        url: '/api/v1/discover/feed',
        headers: from(ip),
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-ratelimit-limit']).toBe('2');
      expect(first.headers['x-ratelimit-remaining']).toBe('1');
      // The proxied paths and every other route draw on the one budget of the caller.
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { ...from(ip), 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(second.statusCode).toBe(200);
      const seen = discover.received.length;
      const limited = await t.app.inject({
        method: 'GET',
        url: '/api/v1/discover/feed',
        headers: from(ip),
      });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({
        statusCode: 429,
        error: 'Too Many Requests',
        requestId: limited.headers['x-request-id'],
      });
      expect(discover.received.length).toBe(seen);

      // One budget per caller: /api/providers, served by Fastify too, is refused as well.
      const providersLimited = await t.app.inject({
        method: 'GET',
        url: '/api/providers',
        headers: from(ip),
      });
      expect(providersLimited.statusCode).toBe(429);
      expect(providersLimited.json()).toMatchObject({ statusCode: 429 });
      // Another caller is untouched.
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/v1/discover/feed',
        headers: from('198.51.100.41'),
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('sets the request id and security headers on proxied replies; the sibling’s own id stays out', async () => {
    const t = await appWith({ AUTH_REQUIRED: 'false', RATE_LIMIT_MAX: '0' });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/discover/feed?echo=status&code=201',
        headers: { 'x-request-id': 'caller-id-7' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-request-id']).toBe('caller-id-7');
      expect(discover.last().headers['x-request-id']).toBe('caller-id-7');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // The sibling's reply headers pass through beside Quarry's, repeated ones line by line.
      expect(res.headers['x-echo-sibling']).toBe('discover');
      expect(res.headers['set-cookie']).toEqual(['first=1; Path=/', 'second=2; Path=/']);
      // A header the sibling sets replaces Quarry's of the same name.
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');

      const providers = await t.app.inject({
        method: 'GET',
        url: '/api/providers',
        headers: { 'x-request-id': 'caller-id-8' },
      });
      expect(providers.headers['x-request-id']).toBe('caller-id-8');
      expect(providers.headers['x-content-type-options']).toBe('nosniff');
      expect(providers.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(providers.headers['content-type']).toBe('application/json; charset=utf-8');
    } finally {
      await t.close();
    }
  });

  it('serves a @ServedByFastify route with its Fastify handler, @Public() and the body policy kept', async () => {
    const t = await startTestApp({
      imports: [ServedModule],
      env: { AUTH_REQUIRED: 'true', AUTH_SERVICE_URL: auth.url, RATE_LIMIT_MAX: '0' },
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/__test/served/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect({ status: res.statusCode, body: res.body }).toEqual({ status: 200, body: 'fastify' });
      const plain = await t.app.inject({
        method: 'POST',
        url: '/__test/served/echo',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(plain.statusCode).toBe(415);
    } finally {
      await t.close();
    }
  });

  it('refuses to start when a controller route cannot be recognised as Fastify registers it', async () => {
    await expect(startTestApp({ imports: [UnseenModule] })).rejects.toThrow(
      /routes not recognised .*any/,
    );
  });
});
