import { Controller, Get, Module } from '@nestjs/common';
import SwaggerParser from '@apidevtools/swagger-parser';
import { shutdownGracefully } from '../src/app.setup';
import { Public } from '../src/common/decorators/public.decorator';
import { startTestApp, type TestApp } from './utils/test-app';

/** The slow route's requests: each waits in its handler until the test answers it. */
const slowRequests = {
  waiting: [] as Array<() => void>,
  arrived: (): void => undefined,
  /** Resolves once `count` requests wait in the handler. */
  async reached(count: number): Promise<void> {
    while (this.waiting.length < count) await new Promise<void>((r) => (this.arrived = r));
  },
  answerAll(): void {
    for (const answer of this.waiting.splice(0)) answer();
  },
};

@Public()
@Controller('__test')
class SlowController {
  @Get('slow')
  async slow(): Promise<{ answered: boolean }> {
    await new Promise<void>((resolve) => {
      slowRequests.waiting.push(resolve);
      slowRequests.arrived();
    });
    return { answered: true };
  }

  @Get('boom')
  boom(): never {
    throw new Error('secret internal detail at /srv/quarry/file.ts:12');
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('service foundation (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      imports: [SlowModule],
      env: { BODY_LIMIT_BYTES: '2048', CORS_ORIGINS: 'https://app.example.com' },
      captureLogs: true,
    });
  });
  afterAll(() => t.close());

  it('answers liveness without calling any dependency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness with the terminus report', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect([200, 503]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ status: expect.any(String), details: expect.any(Object) });
  });

  it('answers unknown routes with 404 in the error shape and the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: expect.any(String),
      requestId: res.headers['x-request-id'],
    });
    expect(body.requestId).toMatch(UUID);
  });

  it('answers a body that is not JSON with 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers a body over BODY_LIMIT_BYTES with 413 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(4096) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      requestId: expect.any(String),
    });
  });

  it('keeps internal errors and stack traces away from the client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal server error',
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('/srv/quarry');
  });

  it('returns a safe caller X-Request-Id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'abc-123.x' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123.x');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'evil\nline {"level":"fatal"}' },
    });
    expect(replaced.headers['x-request-id']).toMatch(UUID);
  });

  it('writes one structured log line per request, without the Authorization header', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/health?api_key=sk-should-not-appear',
      headers: { authorization: 'Bearer tok-should-not-appear', 'x-request-id': 'log-check-1' },
    });
    const lines = t.logs.filter((line) => line.requestId === 'log-check-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      method: 'GET',
      path: '/health',
      status: 200,
      durationMs: expect.any(Number),
    });
    const all = JSON.stringify(t.logs);
    expect(all).not.toContain('tok-should-not-appear');
    expect(all).not.toContain('sk-should-not-appear');
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/health',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const denied = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://evil.example.net' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the Swagger UI at /docs and a valid OpenAPI document at /docs/json', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/health', '/health/ready']),
    );
  });
});

describe('graceful shutdown (e2e)', () => {
  it('lets an in-flight request finish, then stops accepting', async () => {
    const t = await startTestApp({ imports: [SlowModule], listen: true });
    const inFlight = fetch(`${t.url}/__test/slow`).then(async (res) => ({
      status: res.status,
      body: await res.json(),
    }));
    await slowRequests.reached(1);
    const outcome = shutdownGracefully(t.app, 15_000);
    // Answered only once shutdown has begun: it must wait for this request.
    setTimeout(() => slowRequests.answerAll(), 100);
    await expect(outcome).resolves.toBe('clean');
    await expect(inFlight).resolves.toEqual({ status: 200, body: { answered: true } });
    await expect(fetch(`${t.url}/health`)).rejects.toThrow();
    await t.close().catch(() => undefined);
  });

  it('stops waiting at the shutdown timeout', async () => {
    const t = await startTestApp({ imports: [SlowModule], listen: true });
    const inFlight = fetch(`${t.url}/__test/slow`).catch(() => undefined);
    await slowRequests.reached(1);
    // The request is never answered: without the timeout this hangs until Jest's own timeout.
    await expect(shutdownGracefully(t.app, 300)).resolves.toBe('timeout');
    await inFlight;
    slowRequests.answerAll();
  });
});
