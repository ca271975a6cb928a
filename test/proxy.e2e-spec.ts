import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EchoSibling } from './fakes/echo-sibling.server';
import { startTestApp, type TestApp } from './utils/test-app';

const SIBLING_ENV = {
  discover: 'DISCOVER_SVC_URL',
  search: 'SEARCH_SVC_URL',
  library: 'LIBRARY_SVC_URL',
  projects: 'PROJECTS_SVC_URL',
  memory: 'MEMORY_SVC_URL',
  create: 'CREATE_SVC_URL',
  notifications: 'NOTIFICATIONS_SVC_URL',
  billing: 'BILLING_SVC_URL',
  audit: 'AUDIT_SVC_URL',
  chat: 'CHAT_SVC_URL',
  auth: 'AUTH_SERVICE_URL',
} as const;
type Sibling = keyof typeof SIBLING_ENV;

// Written out here rather than read from the route table, so the test pins the mapping itself.
const MAPPINGS: Array<[method: string, path: string, sibling: Sibling]> = [
  ['GET', '/api/v1/discover', 'discover'],
  ['POST', '/api/v1/discover/topics/tech?region=eu&lang=en', 'discover'],
  ['PUT', '/api/v1/search/queries/7?q=solar%20panels', 'search'],
  ['GET', '/api/v1/patents/US1234567?full=1', 'search'],
  ['DELETE', '/api/v1/library/threads/42', 'library'],
  ['PATCH', '/api/v1/collections/7?spaces=true', 'projects'],
  ['POST', '/api/v1/memory/items', 'memory'],
  ['POST', '/api/v1/create/documents', 'create'],
  ['GET', '/api/v1/export/pdf/9?inline=1', 'create'],
  ['POST', '/api/v1/notifications/subscriptions', 'notifications'],
  ['POST', '/api/v1/billing/checkout?plan=pro', 'billing'],
  ['GET', '/api/v1/admin/audit-logs?page=2', 'audit'],
  ['POST', '/api/chat', 'chat'],
  ['POST', '/api/chat/completions?stream=false', 'chat'],
  ['GET', '/api/auth/me', 'auth'],
];

interface RawReply {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A plain node:http call, so hop-by-hop headers can be sent and bodies streamed. */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (options.body !== undefined)
      headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(url, { method: options.method ?? 'GET', headers });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.end(options.body);
  });
}

async function deadPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('sibling proxy (e2e)', () => {
  const siblings = {} as Record<Sibling, EchoSibling>;
  let t: TestApp;

  beforeAll(async () => {
    for (const name of Object.keys(SIBLING_ENV) as Sibling[]) {
      siblings[name] = await EchoSibling.start(name);
    }
    const env: Record<string, string> = {
      AUTH_REQUIRED: 'false',
      PROXY_TIMEOUT_MS: '400',
      BODY_LIMIT_BYTES: '4096',
    };
    for (const [name, variable] of Object.entries(SIBLING_ENV)) {
      env[variable] = siblings[name as Sibling].url;
    }
    t = await startTestApp({ env, listen: true, captureLogs: true });
  });

  afterAll(async () => {
    await t.close();
    await Promise.all(Object.values(siblings).map((sibling) => sibling.close()));
  });

  it.each(MAPPINGS)('%s %s reaches %s unchanged', async (method, path, name) => {
    const body = method === 'GET' ? undefined : `{ "from" : "${name}",  "n": 1 }`;
    const res = await call(`${t.url}${path}`, {
      method,
      headers: {
        authorization: 'Bearer tok-123',
        'x-custom': 'kept',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body,
    });

    expect(res.status).toBe(200);
    expect(res.headers['x-echo-sibling']).toBe(name);
    const seen = siblings[name].last();
    expect(seen.method).toBe(method);
    expect(seen.url).toBe(path);
    // Byte for byte: the JSON body is streamed, never parsed and re-serialised.
    expect(seen.body).toBe(body ?? '');
    expect(seen.headers).toMatchObject({
      authorization: 'Bearer tok-123',
      'x-custom': 'kept',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': new URL(t.url).host,
      'x-request-id': res.headers['x-request-id'],
      host: new URL(siblings[name].url).host,
    });
    if (body) expect(seen.headers['content-type']).toBe('application/json');
  });

  it('forwards bodies of any content type byte for byte', async () => {
    for (const [type, body] of [
      ['text/plain; charset=utf-8', 'plain text, not JSON {'],
      ['application/x-www-form-urlencoded', 'a=1&b=two'],
      ['application/vnd.quarry+octet', Buffer.from([0, 1, 2, 255]).toString('latin1')],
    ]) {
      const res = await call(`${t.url}/api/v1/memory/blob`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: Buffer.from(body, 'latin1'),
      });
      expect(res.status).toBe(200);
      const seen = siblings.memory.last();
      expect(seen.headers['content-type']).toBe(type);
      expect(seen.bodySha256).toBe(
        createHash('sha256').update(Buffer.from(body, 'latin1')).digest('hex'),
      );
    }
  });

  it('removes hop-by-hop headers both ways', async () => {
    const res = await call(`${t.url}/api/v1/billing/plans`, {
      headers: {
        connection: 'keep-alive, x-hop-secret',
        'x-hop-secret': 'must-not-pass',
        'proxy-authorization': 'Basic cHJveHk6cGFzcw==',
        te: 'trailers',
        'x-end-to-end': 'passes',
      },
    });
    expect(res.status).toBe(200);
    const seen = siblings.billing.last().headers;
    expect(seen['x-hop-secret']).toBeUndefined();
    expect(seen['proxy-authorization']).toBeUndefined();
    expect(seen.te).toBeUndefined();
    expect(seen['x-end-to-end']).toBe('passes');
    expect(res.headers['proxy-authenticate']).toBeUndefined();
  });

  it('passes the sibling status through', async () => {
    const res = await call(`${t.url}/api/v1/discover/feed?echo=status&code=503`);
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toMatchObject({ sibling: 'discover' });
  });

  it('forwards only GET (and its HEAD) for /api/auth/me and nothing beside the prefixes', async () => {
    // HEAD is documented for every GET route (/docs/siblings/json), as Fastify answers it.
    const head = await call(`${t.url}/api/auth/me`, { method: 'HEAD' });
    expect({ status: head.status, body: head.body }).toEqual({ status: 200, body: '' });
    expect((await call(`${t.url}/api/auth/me`, { method: 'POST' })).status).toBe(404);
    expect((await call(`${t.url}/api/auth/me/more`)).status).toBe(404);
    expect((await call(`${t.url}/api/v1/discoverx`)).status).toBe(404);
  });

  it('refuses dot segments with 400 instead of forwarding them', async () => {
    const before = siblings.discover.received.length;
    for (const path of ['/api/v1/discover/../admin', '/api/v1/discover/a/%2E/b']) {
      // Raw paths: URL parsing in the client would resolve the dot segments before sending.
      const { port } = new URL(t.url);
      const res = await new Promise<RawReply>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path });
        req.on('error', reject);
        req.on('response', (reply) => {
          let body = '';
          reply.on('data', (chunk: Buffer) => (body += chunk.toString()));
          reply.on('end', () => resolve({ status: reply.statusCode ?? 0, headers: {}, body }));
        });
        req.end();
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect(siblings.discover.received.length).toBe(before);
  });

  it('keeps JSON parsing and BODY_LIMIT_BYTES on routes that are not proxied', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(8192) });
    const local = await call(`${t.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(local.status).toBe(413);
    const bad = await call(`${t.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken": ',
    });
    expect(bad.status).toBe(400);
    const proxied = await call(`${t.url}/api/v1/memory/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(proxied.status).toBe(200);
    expect(siblings.memory.last().bodyBytes).toBe(big.length);
  });

  it('delivers a server-sent event before the sibling has finished', async () => {
    const res = await fetch(`${t.url}/api/chat?echo=sse`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: {"n":1}\n\n');
    siblings.chat.releaseStream();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe('data: {"n":2}\n\ndata: [DONE]\n\n');
  });

  it('answers 504 in the error shape when the sibling does not answer in time', async () => {
    const started = Date.now();
    const res = await call(`${t.url}/api/v1/search/slow?echo=hang`);
    expect(res.status).toBe(504);
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 504,
      error: 'Gateway Timeout',
      message: 'The search service did not answer within 400 ms',
      requestId: res.headers['x-request-id'],
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('aborts the upstream request when the client goes away before the reply', async () => {
    const chat = siblings.chat;
    const before = chat.received.length;
    const aborted = chat.abortedRequests;
    const logsBefore = t.logs.length;
    const req = httpRequest(`${t.url}/api/chat/long?echo=hang`, { method: 'GET' });
    req.on('error', () => undefined);
    req.end();
    await waitFor(() => chat.received.length > before);
    req.destroy();
    await waitFor(() => chat.abortedRequests > aborted);
    // A client leaving is not a fault of the sibling: nothing about the aborted upstream call is
    // logged as a warning or an error (the proxy logs a sibling's failures at warn, 5xx at error).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const problems = t.logs
      .slice(logsBefore)
      .filter((line) => line.level === 'warn' || line.level === 'error');
    expect(problems).toEqual([]);
  });

  it('aborts the upstream stream when the client goes away mid-stream', async () => {
    const chat = siblings.chat;
    const aborted = chat.abortedRequests;
    const req = httpRequest(`${t.url}/api/chat?echo=sse`);
    req.on('error', () => undefined);
    const res = await new Promise<IncomingMessage>((resolve) => req.on('response', resolve).end());
    await once(res, 'data');
    req.destroy();
    await waitFor(() => chat.abortedRequests > aborted);
  });

  describe('large bodies', () => {
    const SIZE = 100 * 1024 * 1024;
    const WARM_UP = 32 * 1024 * 1024;
    const CHUNK = Buffer.alloc(256 * 1024, 0x62);

    async function peakRssGrowth<T>(
      work: () => Promise<T>,
    ): Promise<{ growth: number; result: T }> {
      global.gc?.();
      const start = process.memoryUsage().rss;
      let peak = start;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      try {
        const result = await work();
        peak = Math.max(peak, process.memoryUsage().rss);
        return { growth: peak - start, result };
      } finally {
        clearInterval(sampler);
      }
    }

    function upload(bytes: number): Promise<{ reply: RawReply; sha256: string }> {
      const expected = createHash('sha256');
      return new Promise((resolve, reject) => {
        const req = httpRequest(`${t.url}/api/v1/library/uploads`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({
              reply: { status: res.statusCode ?? 0, headers: res.headers, body },
              sha256: expected.digest('hex'),
            }),
          );
        });
        let sent = 0;
        const source = new Readable({
          read() {
            if (sent >= bytes) return void this.push(null);
            sent += CHUNK.length;
            expected.update(CHUNK);
            this.push(CHUNK);
          },
        });
        pipeline(source, req).catch(reject);
      });
    }

    function download(bytes: number): Promise<number> {
      return new Promise((resolve, reject) => {
        const req = httpRequest(`${t.url}/api/v1/export/big?echo=download&bytes=${bytes}`);
        req.on('error', reject);
        req.on('response', (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => (received += chunk.length));
          res.on('end', () => resolve(received));
        });
        req.end();
      });
    }

    // A small transfer first lets allocators and pools reach their working size, so what is
    // measured is growth caused by the 100 MB body itself. Buffering it would add >= 100 MB; the
    // streamed path measured ~30 MB of fixed overhead for 50, 100 and 200 MB bodies alike.
    it('streams a 100 MB upload with flat memory', async () => {
      await upload(WARM_UP);
      const { growth, result } = await peakRssGrowth(() => upload(SIZE));
      expect(result.reply.status).toBe(200);
      const seen = JSON.parse(result.reply.body) as { bodyBytes: number; bodySha256: string };
      expect(seen.bodyBytes).toBe(SIZE);
      expect(seen.bodySha256).toBe(result.sha256);
      expect(growth).toBeLessThan(SIZE / 2);
    });

    it('streams a 100 MB download with flat memory', async () => {
      await download(WARM_UP);
      const { growth, result } = await peakRssGrowth(() => download(SIZE));
      expect(result).toBe(SIZE);
      expect(growth).toBeLessThan(SIZE / 2);
    });
  });
});

describe('sibling proxy: unreachable sibling (e2e)', () => {
  it('answers 502 naming the sibling, never its address or credentials', async () => {
    const port = await deadPort();
    const t = await startTestApp({
      env: {
        AUTH_REQUIRED: 'false',
        NOTIFICATIONS_SVC_URL: `http://svc-user:svc-secret@127.0.0.1:${port}`,
      },
      listen: true,
    });
    try {
      const res = await call(`${t.url}/api/v1/notifications/push`, { method: 'POST' });
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)).toEqual({
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'The notifications service is unreachable',
        requestId: res.headers['x-request-id'],
      });
      expect(res.body).not.toContain('svc-secret');
      expect(res.body).not.toContain(String(port));
      const injected = await t.app.inject({ method: 'DELETE', url: '/api/v1/notifications/1' });
      expect(injected.statusCode).toBe(502);
    } finally {
      await t.close();
    }
  });
});
