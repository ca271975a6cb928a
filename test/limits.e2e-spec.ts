import { randomUUID } from 'node:crypto';
import { Controller, Get, Module } from '@nestjs/common';
import { startTestApp } from './utils/test-app';
import { TEST_REDIS_URL } from './utils/redis';
import { REDIS_CLIENT } from '../src/common/redis/redis.tokens';

@Controller('__limits')
class PingController {
  @Get('ping')
  ping(): { ok: true } {
    return { ok: true };
  }
}

@Module({ controllers: [PingController] })
class PingModule {}

async function hit(app: Awaited<ReturnType<typeof startTestApp>>['app'], ip = '203.0.113.7') {
  return app.inject({ method: 'GET', url: '/__limits/ping', headers: { 'x-forwarded-for': ip } });
}

describe('rate limiting and security headers (e2e)', () => {
  it('answers 429 with Retry-After in the error shape once a caller spends its budget', async () => {
    const t = await startTestApp({
      imports: [PingModule],
      env: {
        RATE_LIMIT_MAX: '3',
        RATE_LIMIT_WINDOW_MS: '60000',
        REDIS_URL: undefined,
        TRUST_PROXY: 'true',
      },
    });
    try {
      for (let i = 0; i < 3; i++) expect((await hit(t.app)).statusCode).toBe(200);
      const limited = await hit(t.app);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      // Another caller still has its own budget; health probes are never limited.
      expect((await hit(t.app, '198.51.100.9')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For from clients unless TRUST_PROXY says whose to believe', async () => {
    const t = await startTestApp({
      imports: [PingModule],
      env: { RATE_LIMIT_MAX: '2', REDIS_URL: undefined, TRUST_PROXY: undefined },
    });
    try {
      expect((await hit(t.app, '198.51.100.1')).statusCode).toBe(200);
      expect((await hit(t.app, '198.51.100.2')).statusCode).toBe(200);
      // A caller cannot buy a fresh budget by sending a different X-Forwarded-For.
      expect((await hit(t.app, '198.51.100.3')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with a hop count in TRUST_PROXY, believes that many proxies and no more', async () => {
    const t = await startTestApp({
      imports: [PingModule],
      env: { RATE_LIMIT_MAX: '1', REDIS_URL: undefined, TRUST_PROXY: '1' },
    });
    try {
      // One hop: the peer (the proxy) is believed about who sent the request...
      expect((await hit(t.app, '198.51.100.1')).statusCode).toBe(200);
      expect((await hit(t.app, '198.51.100.2')).statusCode).toBe(200);
      expect((await hit(t.app, '198.51.100.1')).statusCode).toBe(429);
      // ...but not what the client wrote before it: 198.51.100.2 is still the caller.
      expect((await hit(t.app, '198.51.100.77, 198.51.100.2')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('does not limit at all with RATE_LIMIT_MAX=0', async () => {
    const t = await startTestApp({
      imports: [PingModule],
      env: { RATE_LIMIT_MAX: '0', REDIS_URL: undefined, TRUST_PROXY: undefined },
    });
    try {
      for (let i = 0; i < 20; i++) {
        const res = await hit(t.app, '198.51.100.9');
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('sets helmet security headers on every response', async () => {
    const t = await startTestApp({ env: { REDIS_URL: undefined } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      // Over plain http nothing may send the browser to https (a blank /docs on a VM's address).
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      // X-Forwarded-Proto from a client that is not a trusted proxy changes nothing.
      const forwarded = await t.app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forwarded.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('sends HSTS when a trusted proxy says the request came over https', async () => {
    const t = await startTestApp({ env: { REDIS_URL: undefined, TRUST_PROXY: 'true' } });
    try {
      const https = await t.app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const http = await t.app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('keeps answering when Redis is unreachable, counting per replica', async () => {
    const t = await startTestApp({
      imports: [PingModule],
      env: { RATE_LIMIT_MAX: '2', REDIS_URL: 'redis://127.0.0.1:1', TRUST_PROXY: 'true' },
    });
    try {
      expect((await hit(t.app)).statusCode).toBe(200);
      expect((await hit(t.app)).statusCode).toBe(200);
      expect((await hit(t.app)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
    // Start-up waits for an unreachable Redis first: a hang bound, no speed claim.
  }, 60_000);

  (TEST_REDIS_URL ? it : it.skip)(
    'shares one budget between replicas through Redis',
    async () => {
      const env = { RATE_LIMIT_MAX: '3', REDIS_URL: TEST_REDIS_URL, TRUST_PROXY: 'true' };
      const a = await startTestApp({ imports: [PingModule], env });
      const b = await startTestApp({ imports: [PingModule], env });
      // A replica starts after a short wait for Redis even when it is not connected yet (a busy
      // machine), and counts in memory until it is: the shared budget begins once both are.
      for (const replica of [a, b]) {
        const client = replica.app.get<{ status: string }>(REDIS_CLIENT);
        while (client.status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}-${randomUUID()}`;
      try {
        expect((await hit(a.app, ip)).statusCode).toBe(200);
        expect((await hit(b.app, ip)).statusCode).toBe(200);
        expect((await hit(a.app, ip)).statusCode).toBe(200);
        expect((await hit(b.app, ip)).statusCode).toBe(429);
      } finally {
        await a.close();
        await b.close();
      }
      // Two start-ups: a hang bound for a busy machine, no speed claim.
    },
    60_000,
  );
});
