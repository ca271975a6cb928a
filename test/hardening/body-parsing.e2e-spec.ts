import { startTestApp, type TestApp } from '../utils/test-app';

/**
 * Bodies Fastify rejects before Nest's handler runs (not JSON, prototype-pollution keys, a media
 * type no parser takes) and bodies nested past BODY_MAX_DEPTH: 4xx in the route's error shape,
 * with the request id, on real routes (not only on unknown paths).
 */
function deeplyNested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('bodies rejected before the handler (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_MAX: '0', BODY_MAX_DEPTH: '32' } });
  });
  afterAll(() => t.close());

  const send = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it.each([
    ['not JSON', '{"query": ', 'application/json'],
    ['a __proto__ key', '{"query":"x","__proto__":{"polluted":true}}', 'application/json'],
    [
      'constructor.prototype',
      '{"constructor":{"prototype":{"polluted":true}}}',
      'application/json',
    ],
    ['JSON in another charset', '{"query":"x"}', 'application/json; charset=utf-16'],
    ['a form body', 'query=x', 'application/x-www-form-urlencoded'],
  ])('answers %s on POST /api/search with 4xx in the error shape', async (_what, payload, type) => {
    const res = await send('/api/search', payload, type);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({
      statusCode: res.statusCode,
      error: expect.any(String),
      message: expect.anything(),
      requestId: res.headers['x-request-id'],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['__proto__', '{"query":"x","__proto__":{"polluted":true}}'],
    ['constructor.prototype', '{"query":"x","constructor":{"prototype":{"polluted":true}}}'],
  ])('names a %s key instead of calling the body invalid JSON', async (key, payload) => {
    const res = await send('/api/search', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `The body has a "${key}" key, which is not accepted: remove it`,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers the same on /v1 in OpenAI error shape', async () => {
    const res = await send('/v1/chat/completions', '{"model": "x", "__proto__": {}}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        message: expect.any(String),
        type: 'invalid_request_error',
        param: null,
        code: expect.anything(),
      },
    });
  });

  it('refuses a body nested deeper than BODY_MAX_DEPTH with 400 naming the limit', async () => {
    for (const url of ['/api/search', '/api/connectors/webhook/actions/post']) {
      const res = await send(url, JSON.stringify({ query: 'x', body: deeplyNested(1500) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        message: 'request body must not be nested deeper than 32 levels',
      });
    }
    const openai = await send('/v1/chat/completions', JSON.stringify({ x: deeplyNested(100) }));
    expect(openai.statusCode).toBe(400);
    expect(openai.json().error.message).toMatch(/nested deeper than 32/);
  });

  it('accepts nesting up to the limit', async () => {
    // 31 levels inside the body object: 32 in all. The connector then validates the url.
    const res = await send(
      '/api/connectors/webhook/actions/post',
      JSON.stringify({ url: 'not a url', body: deeplyNested(31) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/invalid URL/i);
  });
});
