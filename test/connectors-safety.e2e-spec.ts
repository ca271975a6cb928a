import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import SwaggerParser from '@apidevtools/swagger-parser';
import { WEBHOOK_DNS_LOOKUP } from '../src/connectors/webhook/webhook-http.client';
import { WebhookReceiver } from './fakes/webhook-receiver.server';
import { startTestApp, type TestApp } from './utils/test-app';

const PARAM_SECRET = 'param-secret-do-not-leak-5d1c';
const DEFAULT_SECRET = 'default-secret-do-not-leak-88ab';
const MAX_RESPONSE_BYTES = 4096;
// A name only the test resolver knows: it points at the receiver on 127.0.0.1.
const HOOK_HOST = 'hooks.quarry.test';

/** Answers HOOK_HOST itself and asks the system for every other name. */
const testLookup = ((
  hostname: string,
  options: { all?: boolean },
  callback: (...args: unknown[]) => void,
) => {
  if (hostname !== HOOK_HOST) {
    dnsLookup(hostname, options, callback as never);
    return;
  }
  const address = '127.0.0.1';
  if (options.all) callback(null, [{ address, family: isIP(address) }]);
  else callback(null, address, isIP(address));
}) as LookupFunction;

async function run(t: TestApp, action: string, params: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/connectors/webhook/actions/${action}`,
    payload: params,
  });
  return {
    status: res.statusCode,
    body: res.json(),
    text: res.body,
    id: res.headers['x-request-id'],
  };
}

describe('webhook connector safety (e2e)', () => {
  let receiver: WebhookReceiver;
  let closed: TestApp;
  let open: TestApp;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    const common = {
      WEBHOOK_RETRY_DELAY_MS: '300',
      WEBHOOK_MAX_RETRIES: '1',
      WEBHOOK_TIMEOUT_MS: '10000',
      WEBHOOK_SIGNING_SECRET: DEFAULT_SECRET,
      WEBHOOK_MAX_RESPONSE_BYTES: String(MAX_RESPONSE_BYTES),
    };
    closed = await startTestApp({
      // A retry would wait ten minutes first: a refusal that retried hangs past the test's timeout.
      env: {
        ...common,
        CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'false',
        WEBHOOK_RETRY_DELAY_MS: '600000',
      },
      override: (builder) => builder.overrideProvider(WEBHOOK_DNS_LOOKUP).useValue(testLookup),
      captureLogs: true,
    });
    open = await startTestApp({
      env: { ...common, CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true' },
      override: (builder) => builder.overrideProvider(WEBHOOK_DNS_LOOKUP).useValue(testLookup),
      captureLogs: true,
    });
  });
  afterEach(() => receiver.clear());
  afterAll(async () => {
    await open?.close();
    await closed?.close();
    await receiver?.close();
  });

  describe('private destinations', () => {
    it.each([
      ['a loopback IP', () => receiver.url()],
      ['localhost, resolved by DNS', () => `http://localhost:${receiver.port}/hook`],
      [
        'a public-looking name that resolves to loopback',
        () => `http://${HOOK_HOST}:${receiver.port}/hook`,
      ],
      ['IPv6 loopback', () => `http://[::1]:${receiver.port}/hook`],
      ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${receiver.port}/hook`],
      ['an IPv4-compatible IPv6 loopback', () => `http://[::127.0.0.1]:${receiver.port}/hook`],
      ['a NAT64 loopback', () => `http://[64:ff9b::7f00:1]:${receiver.port}/hook`],
      ['a 6to4 loopback', () => `http://[2002:7f00:1::]:${receiver.port}/hook`],
      ['the unspecified address', () => `http://0.0.0.0:${receiver.port}/hook`],
    ])('refuses %s with 400, without retrying or sending anything', async (_case, url) => {
      const res = await run(closed, 'post', { url: url(), body: { a: 1 } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(
          /^destination address not allowed: .* is not a public address; set CONNECTOR_ALLOW_PRIVATE_NETWORKS=true/,
        ),
        requestId: res.id,
      });
      expect(receiver.requests).toHaveLength(0);
    });

    it('checks the address the name resolves to, not the name: allowed when private networks are', async () => {
      const res = await run(open, 'post', {
        url: `http://${HOOK_HOST}:${receiver.port}/hook`,
        body: { a: 1 },
      });
      expect(res.status).toBe(200);
      expect(receiver.requests).toHaveLength(1);
      expect(receiver.requests[0].headers.host).toBe(`${HOOK_HOST}:${receiver.port}`);
    });
  });

  describe('redirects', () => {
    it('does not follow a redirect: the 3xx is the result, the target is never asked', async () => {
      receiver.script({
        status: 302,
        headers: [['Location', receiver.url('/elsewhere')]],
        body: 'moved',
      });
      const res = await run(open, 'post', { url: receiver.url('/start'), body: { a: 1 } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status_code: 302,
        success: false,
        headers: { location: receiver.url('/elsewhere') },
      });
      expect(res.body).not.toHaveProperty('error');
      expect(receiver.requests.map((r) => r.path)).toEqual(['/start']);
    });
  });

  describe('reply size', () => {
    it('accepts a reply of exactly WEBHOOK_MAX_RESPONSE_BYTES', async () => {
      receiver.script({ body: 'y'.repeat(MAX_RESPONSE_BYTES) });
      const res = await run(open, 'get', { url: receiver.url() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, body: 'y'.repeat(MAX_RESPONSE_BYTES) });
    });

    it.each([
      ['announced by Content-Length', false],
      ['sent chunked', true],
    ])('refuses a larger reply (%s) unread and does not retry', async (_how, chunked) => {
      receiver.answerAlways({ body: 'z'.repeat(MAX_RESPONSE_BYTES * 20), chunked });
      const res = await run(open, 'get', { url: receiver.url() });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        status_code: 200,
        headers: expect.any(Object),
        body: null,
        success: false,
        error: `webhook GET failed after 1 attempt: the reply body exceeds WEBHOOK_MAX_RESPONSE_BYTES (${MAX_RESPONSE_BYTES} bytes); it was not read`,
      });
      expect(receiver.requests).toHaveLength(1);
    });
  });

  describe('the signing secret', () => {
    it('never appears in results, error texts or logs', async () => {
      receiver.answerAlways({ status: 500, body: 'down' });
      const failedWithParam = await run(open, 'post', {
        url: receiver.url(),
        body: { a: 1 },
        secret: PARAM_SECRET,
      });
      const failedWithDefault = await run(open, 'put', { url: receiver.url(), body: { a: 1 } });
      receiver.clear();
      const ok = await run(open, 'patch', { url: receiver.url(), body: {}, secret: PARAM_SECRET });
      const refused = await run(closed, 'post', {
        url: receiver.url(),
        body: { a: 1 },
        secret: PARAM_SECRET,
      });
      const invalid = await run(open, 'post', { url: 'nope', secret: PARAM_SECRET });
      expect([failedWithParam.status, failedWithDefault.status, ok.status]).toEqual([
        502, 502, 200,
      ]);
      expect([refused.status, invalid.status]).toEqual([400, 400]);

      // The failures were logged, so the check below looks at real log lines.
      const attemptLogs = [...open.logs, ...closed.logs].filter(
        (line) => line.msg === 'webhook attempt failed',
      );
      expect(attemptLogs.length).toBeGreaterThanOrEqual(4);
      expect(attemptLogs).toContainEqual(
        expect.objectContaining({ level: 'warn', method: 'POST', attempt: 1, attempts: 2 }),
      );

      const everything = [
        failedWithParam.text,
        failedWithDefault.text,
        ok.text,
        refused.text,
        invalid.text,
        JSON.stringify(open.logs),
        JSON.stringify(closed.logs),
      ].join('\n');
      expect(everything).not.toContain(PARAM_SECRET);
      expect(everything).not.toContain(DEFAULT_SECRET);
    });
  });

  describe('OpenAPI', () => {
    it('documents both routes with their error responses in a valid document', async () => {
      const res = await open.app.inject({ method: 'GET', url: '/docs/json' });
      const document = res.json();
      // The whole document's validity is the foundation test's; this checks the connector routes.
      const connectorPaths = Object.fromEntries(
        Object.entries(document.paths as Record<string, unknown>).filter(([path]) =>
          path.startsWith('/api/connectors'),
        ),
      );
      expect(Object.keys(connectorPaths)).toHaveLength(2);
      await expect(
        SwaggerParser.validate(structuredClone({ ...document, paths: connectorPaths })),
      ).resolves.toBeDefined();
      const list = document.paths['/api/connectors'].get;
      const action = document.paths['/api/connectors/{id}/actions/{action}'].post;
      expect(list.tags).toContain('connectors');
      expect(Object.keys(list.responses)).toContain('200');
      expect(Object.keys(action.responses)).toEqual(
        expect.arrayContaining(['200', '400', '404', '502']),
      );
      expect(Object.keys(action.requestBody.content['application/json'].examples)).toEqual(
        expect.arrayContaining(['post', 'get']),
      );
    });
  });
});
