import { verify } from '@octokit/webhooks-methods';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectorExecutionError } from '../src/connectors/connector.errors';
import type { WebhookResult } from '../src/connectors/webhook/webhook-result';
import { WebhookConnector } from '../src/connectors/webhook/webhook.connector';
import { WebhookReceiver, type ReceivedRequest } from './fakes/webhook-receiver.server';
import { startTestApp, type TestApp } from './utils/test-app';

const PARAM_SECRET = 'param-secret-7f3a9c';
const DEFAULT_SECRET = 'default-secret-b21e44';
const RETRY_DELAY_MS = 100;

async function run(t: TestApp, action: string, params: unknown, connector = 'webhook') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/connectors/${connector}/actions/${action}`,
    payload: params as object,
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

function gaps(requests: ReceivedRequest[]): number[] {
  return requests.slice(1).map((request, i) => request.receivedAt - requests[i].receivedAt);
}

function headerCount(request: ReceivedRequest, name: string): number {
  return request.rawHeaders.filter(([key]) => key.toLowerCase() === name).length;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('webhook connector (e2e)', () => {
  let receiver: WebhookReceiver;
  // Default retries (3), no default secret, the default User-Agent.
  let plain: TestApp;
  // A default secret, one retry, a custom User-Agent.
  let configured: TestApp;
  // A short timeout, only for replies that never come: a busy machine cannot make a reply late.
  let impatient: TestApp;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    plain = await startTestApp({
      env: {
        CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_DELAY_MS: String(RETRY_DELAY_MS),
        WEBHOOK_TIMEOUT_MS: '10000',
        WEBHOOK_MAX_RETRIES: undefined,
        WEBHOOK_SIGNING_SECRET: undefined,
        WEBHOOK_USER_AGENT: undefined,
      },
    });
    configured = await startTestApp({
      env: {
        CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_SIGNING_SECRET: DEFAULT_SECRET,
        WEBHOOK_MAX_RETRIES: '1',
        WEBHOOK_RETRY_DELAY_MS: '20',
        WEBHOOK_TIMEOUT_MS: '10000',
        WEBHOOK_USER_AGENT: 'Acme-Hooks/2.0',
      },
    });
    impatient = await startTestApp({
      env: {
        CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_MAX_RETRIES: '1',
        WEBHOOK_RETRY_DELAY_MS: '20',
        WEBHOOK_TIMEOUT_MS: '300',
      },
    });
  });
  afterEach(() => receiver.clear());
  afterAll(async () => {
    await impatient?.close();
    await configured?.close();
    await plain?.close();
    await receiver?.close();
  });

  describe('GET /api/connectors', () => {
    it('lists the webhook connector with its declared actions', async () => {
      const res = await plain.app.inject({ method: 'GET', url: '/api/connectors' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        connectors: [
          {
            id: 'webhook',
            name: 'Webhook',
            description: 'Sends HTTP webhooks to external services',
            actions: ['post', 'get', 'put'],
          },
        ],
      });
    });
  });

  describe('validation (rules 1 and 2): 400 in the error shape, nothing sent', () => {
    afterEach(() => expect(receiver.requests).toHaveLength(0));

    it.each([
      ['no url', { body: { a: 1 } }, 'url is required'],
      ['an empty url', { url: '' }, 'url is required'],
      ['a url that is not a string', { url: 42 }, 'url is required'],
      ['a url that does not parse', { url: 'not a url' }, 'invalid URL'],
      ['a url on port 0', { url: 'http://127.0.0.1:0/hook' }, 'invalid URL: port 0'],
      [
        'a url with another scheme',
        { url: 'ftp://example.com/file' },
        'URL must use http or https',
      ],
      ['a javascript: url', { url: 'javascript:alert(1)' }, 'URL must use http or https'],
    ])('rejects %s', async (_case, params, message) => {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/connectors/webhook/actions/post',
        payload: params,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message,
        requestId: res.headers['x-request-id'],
      });
    });

    it.each(['send', 'POST', 'head', 'options'])('rejects the action %s', async (action) => {
      const res = await run(plain, action, { url: receiver.url() });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: `unknown action: ${action}` });
    });

    it('answers 404 for an unknown connector', async () => {
      const res = await run(plain, 'post', { url: receiver.url() }, 'slack');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        statusCode: 404,
        error: 'Not Found',
        message: 'unknown connector: slack',
      });
    });

    it.each([
      ['an array', '[1,2]'],
      ['a string', '"https://example.com"'],
      ['null', 'null'],
    ])('answers 400 when the body is %s', async (_case, payload) => {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/connectors/webhook/actions/post',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });

    it('answers 400 for headers that cannot be sent', async () => {
      const res = await run(plain, 'post', {
        url: receiver.url(),
        headers: { 'X-Bad': 'line\r\nInjected: yes' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('invalid value for header X-Bad');
    });
  });

  describe('what the receiver gets (rules 3 to 6)', () => {
    it('POSTs the body as JSON bytes, signed so GitHub-style verification accepts it', async () => {
      const body = { event: 'answer.ready', text: 'café ✓ "quoted"', n: [1, 2.5, null] };
      const res = await run(plain, 'post', {
        url: `${receiver.url('/hooks/in')}?team=search`,
        body,
        secret: PARAM_SECRET,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status_code: 200,
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: { received: true },
        success: true,
      });
      expect(res.body).not.toHaveProperty('error');

      expect(receiver.requests).toHaveLength(1);
      const [got] = receiver.requests;
      expect(got.method).toBe('POST');
      expect(got.path).toBe('/hooks/in');
      expect(got.query).toEqual({ team: ['search'] });
      expect(got.body.equals(Buffer.from(JSON.stringify(body), 'utf8'))).toBe(true);
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['user-agent']).toBe('Quarry-Webhook/0.1');
      const signature = got.headers['x-signature-256'] as string;
      expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      await expect(verify(PARAM_SECRET, got.body.toString('utf8'), signature)).resolves.toBe(true);
      await expect(verify('another-secret', got.body.toString('utf8'), signature)).resolves.toBe(
        false,
      );
    });

    it('sends no signature header when no secret is available', async () => {
      await run(plain, 'post', { url: receiver.url(), body: { a: 1 } });
      expect(receiver.requests[0].headers).not.toHaveProperty('x-signature-256');
    });

    it('signs with the configured default secret, and a secret parameter wins over it', async () => {
      await run(configured, 'post', { url: receiver.url(), body: { a: 1 } });
      await run(configured, 'put', { url: receiver.url(), body: { a: 1 }, secret: PARAM_SECRET });
      // By method, not position: under load the 300 ms timeout can retry the POST.
      const byDefault = receiver.requests.find((r) => r.method === 'POST')!;
      const byParam = receiver.requests.find((r) => r.method === 'PUT')!;
      const text = byDefault.body.toString('utf8');
      await expect(
        verify(DEFAULT_SECRET, text, byDefault.headers['x-signature-256'] as string),
      ).resolves.toBe(true);
      await expect(
        verify(PARAM_SECRET, text, byParam.headers['x-signature-256'] as string),
      ).resolves.toBe(true);
      await expect(
        verify(DEFAULT_SECRET, text, byParam.headers['x-signature-256'] as string),
      ).resolves.toBe(false);
    });

    it('sends the configured User-Agent', async () => {
      await run(configured, 'post', { url: receiver.url(), body: {} });
      expect(receiver.requests[0].headers['user-agent']).toBe('Acme-Hooks/2.0');
    });

    it('sets custom headers after the defaults: values as text, overriding in any casing', async () => {
      await run(plain, 'post', {
        url: receiver.url(),
        body: { a: 1 },
        headers: {
          'content-type': 'application/vnd.quarry+json',
          'USER-AGENT': 'Custom/1',
          'X-Number': 42,
          'X-Flag': true,
          'X-Text': 'plain',
        },
      });
      const [got] = receiver.requests;
      expect(got.headers['content-type']).toBe('application/vnd.quarry+json');
      expect(got.headers['user-agent']).toBe('Custom/1');
      expect(headerCount(got, 'content-type')).toBe(1);
      expect(headerCount(got, 'user-agent')).toBe(1);
      expect(got.headers).toMatchObject({ 'x-number': '42', 'x-flag': 'true', 'x-text': 'plain' });
    });

    it('passes query parameters named like Object.prototype members through unchanged', async () => {
      const res = await run(configured, 'get', {
        url: receiver.url('/items'),
        // (A "__proto__" key never gets this far: the body parser refuses it with 400.)
        params: { constructor: 'c', toString: 't', hasOwnProperty: 'h' },
      });
      expect(res.status).toBe(200);
      const [got] = receiver.requests;
      expect(Object.entries(got.query)).toEqual([
        ['constructor', ['c']],
        ['toString', ['t']],
        ['hasOwnProperty', ['h']],
      ]);
    });

    it('GET sets params as text query parameters, ignores the body and signs nothing', async () => {
      const res = await run(configured, 'get', {
        url: `${receiver.url('/items')}?keep=yes&page=1`,
        params: { page: 2, active: false, q: 'a b&c' },
        body: { ignored: true },
        secret: PARAM_SECRET,
      });
      expect(res.status).toBe(200);
      const [got] = receiver.requests;
      expect(got.method).toBe('GET');
      expect(got.path).toBe('/items');
      expect(got.query).toEqual({ keep: ['yes'], page: ['2'], active: ['false'], q: ['a b&c'] });
      expect(got.body).toHaveLength(0);
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['user-agent']).toBe('Acme-Hooks/2.0');
      expect(got.headers).not.toHaveProperty('x-signature-256');
    });

    it.each([
      ['put', 'PUT'],
      ['delete', 'DELETE'],
      ['patch', 'PATCH'],
    ])('%s sends %s with the JSON body, signed', async (action, method) => {
      const body = { id: 42, tags: ['x'] };
      const res = await run(plain, action, {
        url: receiver.url('/items/42'),
        body,
        secret: PARAM_SECRET,
      });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const [got] = receiver.requests;
      expect(got.method).toBe(method);
      expect(got.body.toString('utf8')).toBe(JSON.stringify(body));
      await expect(
        verify(PARAM_SECRET, got.body.toString('utf8'), got.headers['x-signature-256'] as string),
      ).resolves.toBe(true);
    });

    it('sends no body and no signature when no body is given, even with a secret', async () => {
      await run(configured, 'delete', { url: receiver.url('/items/42') });
      const [got] = receiver.requests;
      expect(got.method).toBe('DELETE');
      expect(got.body).toHaveLength(0);
      expect(got.headers).not.toHaveProperty('x-signature-256');
    });
  });

  describe('the result', () => {
    it('joins several values of one reply header with ", "', async () => {
      receiver.script({
        status: 200,
        headers: [
          ['X-Multi', 'a'],
          ['X-Multi', 'b'],
          ['Set-Cookie', 's=1'],
          ['Set-Cookie', 't=2'],
        ],
        body: 'ok',
      });
      const res = await run(plain, 'get', { url: receiver.url() });
      expect(res.body.headers).toMatchObject({ 'x-multi': 'a, b', 'set-cookie': 's=1, t=2' });
    });

    it('keeps reply headers named like Object.prototype members', async () => {
      receiver.script({
        status: 200,
        headers: [
          ['__proto__', 'p'],
          ['constructor', 'c'],
        ],
        body: 'ok',
      });
      const res = await run(plain, 'get', { url: receiver.url() });
      const { headers } = res.body as { headers: object };
      expect(Object.getOwnPropertyDescriptor(headers, '__proto__')?.value).toBe('p');
      expect(Object.getOwnPropertyDescriptor(headers, 'constructor')?.value).toBe('c');
    });

    it('gives a JSON reply body parsed and any other body as raw text', async () => {
      receiver.script(
        { body: { nested: { list: [1, 2] } } },
        { body: 'plain words, not JSON', headers: [['content-type', 'text/plain']] },
        { body: '[1,2]', headers: [['content-type', 'text/plain']] },
        { status: 204 },
      );
      const json = await run(plain, 'get', { url: receiver.url() });
      const text = await run(plain, 'get', { url: receiver.url() });
      const jsonAsText = await run(plain, 'get', { url: receiver.url() });
      const empty = await run(plain, 'get', { url: receiver.url() });
      expect(json.body.body).toEqual({ nested: { list: [1, 2] } });
      expect(text.body.body).toBe('plain words, not JSON');
      expect(jsonAsText.body.body).toEqual([1, 2]);
      expect(empty.body).toMatchObject({ status_code: 204, body: '', success: true });
    });
  });

  describe('status and retries (rules 7 to 10)', () => {
    it('counts any 2xx as success', async () => {
      receiver.script({ status: 201, body: { id: 7 } });
      const res = await run(plain, 'post', { url: receiver.url(), body: {} });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status_code: 201, success: true, body: { id: 7 } });
    });

    it.each([404, 422, 499, 302, 304])(
      'answers a %s reply with success false, no error, no retry',
      async (status) => {
        receiver.script({ status, body: { problem: 'x' } }, { status: 200 });
        const res = await run(plain, 'post', { url: receiver.url(), body: { a: 1 } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ status_code: status, success: false });
        expect(res.body).not.toHaveProperty('error');
        expect(receiver.requests).toHaveLength(1);
      },
    );

    it('retries a 5xx and succeeds, resending the same bytes and signature', async () => {
      receiver.failTimes(2, { status: 503, body: 'busy' }, { status: 200, body: { ok: 1 } });
      const res = await run(plain, 'post', {
        url: receiver.url(),
        body: { order: 1, text: 'ü' },
        secret: PARAM_SECRET,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status_code: 200,
        headers: expect.any(Object),
        body: { ok: 1 },
        success: true,
      });
      expect(receiver.requests).toHaveLength(3);
      const [first, ...rest] = receiver.requests;
      for (const again of rest) {
        expect(again.body.equals(first.body)).toBe(true);
        expect(again.headers['x-signature-256']).toBe(first.headers['x-signature-256']);
      }
    });

    it('gives up after 1 + MaxRetries attempts, waiting RetryDelay x n before retry n', async () => {
      receiver.answerAlways({ status: 500, body: 'down' });
      const res = await run(plain, 'post', {
        url: receiver.url(),
        body: { a: 1 },
        secret: PARAM_SECRET,
      });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        status_code: 500,
        headers: expect.objectContaining({ 'content-type': 'text/plain' }),
        body: 'down',
        success: false,
        error: 'webhook POST failed after 4 attempts: remote replied with status 500',
      });
      expect(receiver.requests).toHaveLength(4);
      const bodies = new Set(receiver.requests.map((r) => r.body.toString('hex')));
      const signatures = new Set(receiver.requests.map((r) => r.headers['x-signature-256']));
      expect(bodies.size).toBe(1);
      expect(signatures.size).toBe(1);
      // At least RetryDelay x n before retry n (a busy machine only makes the waits longer).
      const waits = gaps(receiver.requests);
      expect(waits).toHaveLength(3);
      waits.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(RETRY_DELAY_MS * (i + 1) - 2));
    });

    it('uses the configured MaxRetries', async () => {
      receiver.answerAlways({ status: 502 });
      const res = await run(configured, 'post', { url: receiver.url(), body: {} });
      expect(res.status).toBe(502);
      expect(res.body.error).toBe(
        'webhook POST failed after 2 attempts: remote replied with status 502',
      );
      expect(receiver.requests).toHaveLength(2);
    });

    it('retries a refused connection and reports the transport error with status 0', async () => {
      const port = await closedPort();
      const started = performance.now();
      const res = await run(plain, 'post', { url: `http://127.0.0.1:${port}/hook`, body: {} });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        status_code: 0,
        headers: {},
        body: null,
        success: false,
        error: expect.stringMatching(/^webhook POST failed after 4 attempts: .*ECONNREFUSED/),
      });
      // 100 + 200 + 300 ms of waits between the four attempts.
      expect(elapsed).toBeGreaterThanOrEqual(6 * RETRY_DELAY_MS - 5);
    });

    it('retries a connection reset, then succeeds', async () => {
      receiver.failTimes(2, { reset: true });
      const res = await run(plain, 'post', { url: receiver.url(), body: { a: 1 } });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(receiver.requests).toHaveLength(3);
    });

    it('retries a reply that breaks off while being read', async () => {
      receiver.failTimes(1, { status: 200, body: 'x'.repeat(1000), cutAfterBytes: 10 });
      const res = await run(configured, 'post', { url: receiver.url(), body: {} });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status_code: 200, success: true, body: { received: true } });
      expect(receiver.requests).toHaveLength(2);

      receiver.answerAlways({ status: 200, body: 'x'.repeat(1000), cutAfterBytes: 10 });
      const failed = await run(configured, 'post', { url: receiver.url(), body: {} });
      expect(failed.status).toBe(502);
      expect(failed.body).toMatchObject({ status_code: 200, success: false });
      expect(failed.body.error).toMatch(
        /^webhook POST failed after 2 attempts: reading the reply failed/,
      );
    });

    it('times out each attempt after WEBHOOK_TIMEOUT_MS and retries', async () => {
      // Never answers: without the timeout the test hangs until Jest's own timeout.
      receiver.answerAlways({ status: 200, held: true });
      const started = performance.now();
      const res = await run(impatient, 'post', { url: receiver.url(), body: {} });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({
        status_code: 0,
        success: false,
        error: 'webhook POST failed after 2 attempts: timed out after 300 ms',
      });
      expect(receiver.requests).toHaveLength(2);
      // Each attempt waited its 300 ms (a busy machine only makes this longer).
      expect(elapsed).toBeGreaterThanOrEqual(600);
    });

    it('counts reading a slow reply body within the same timeout', async () => {
      // The body never ends: without the timeout the test hangs until Jest's own timeout.
      receiver.answerAlways({ status: 200, body: 'x'.repeat(1000), stallAfterBytes: 10 });
      const res = await run(impatient, 'post', { url: receiver.url(), body: {} });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({
        status_code: 200,
        success: false,
        error:
          'webhook POST failed after 2 attempts: reading the reply failed: timed out after 300 ms',
      });
    });

    it('sets Content-Length itself, ignoring a custom one', async () => {
      const body = { text: 'ü'.repeat(10) };
      await run(plain, 'patch', {
        url: receiver.url(),
        body,
        headers: { 'Content-Length': '3' },
      });
      const [got] = receiver.requests;
      expect(got.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(body))));
      expect(got.body.toString('utf8')).toBe(JSON.stringify(body));
    });
  });

  describe('helpers (rule 11)', () => {
    it('postJSON posts the data as the body, getJSON gets with the params', async () => {
      const webhook = plain.app.get(WebhookConnector);
      const posted = await webhook.postJSON(receiver.url('/p'), { hello: 'world' });
      const got = await webhook.getJSON(receiver.url('/g'), { limit: 5 });
      expect(posted).toMatchObject({ status_code: 200, success: true });
      expect(got).toMatchObject({ status_code: 200, success: true });
      const [post, get] = receiver.requests;
      expect(post).toMatchObject({ method: 'POST', path: '/p' });
      expect(post.body.toString('utf8')).toBe('{"hello":"world"}');
      expect(get).toMatchObject({ method: 'GET', path: '/g', query: { limit: ['5'] } });
    });

    it('rejects with the error and the failed result when every attempt failed', async () => {
      receiver.answerAlways({ status: 500 });
      const webhook = configured.app.get(WebhookConnector);
      const failure = await webhook
        .postJSON(receiver.url(), { a: 1 })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ConnectorExecutionError);
      const error = failure as ConnectorExecutionError<WebhookResult>;
      expect(error.message).toBe(
        'webhook POST failed after 2 attempts: remote replied with status 500',
      );
      expect(error.result).toMatchObject({
        status_code: 500,
        success: false,
        error: error.message,
      });
    });

    it('fails before sending when the body cannot be serialized as JSON', async () => {
      const webhook = plain.app.get(WebhookConnector);
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      await expect(webhook.postJSON(receiver.url(), circular)).rejects.toThrow(
        /^body cannot be serialized as JSON: /,
      );
      await expect(webhook.postJSON(receiver.url(), { big: 10n })).rejects.toMatchObject({
        statusCode: 400,
      });
      expect(receiver.requests).toHaveLength(0);
    });
  });
});
