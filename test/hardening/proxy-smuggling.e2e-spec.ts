import { connect } from 'node:net';
import { EchoSibling } from '../fakes/echo-sibling.server';
import { startTestApp, type TestApp } from '../utils/test-app';

/**
 * Raw HTTP/1.1 against the proxy, bytes as an attacker would send them: paths that try to leave
 * their prefix, absolute URLs, and framing that smuggles a second request. Nothing reaches a path
 * outside the prefix, and nothing ever reaches an address that is not configured (the trap).
 */
interface RawAnswer {
  status: number;
  text: string;
}

function rawRequest(port: number, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(3000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text });
    });
    // No half-close: the proxy would take it for a client gone away. Connection: close ends it.
    socket.write(bytes);
  });
}

describe('proxy paths and request framing (e2e)', () => {
  let discover: EchoSibling;
  let trap: EchoSibling;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    [discover, trap] = await Promise.all([
      EchoSibling.start('discover'),
      EchoSibling.start('trap'),
    ]);
    t = await startTestApp({
      listen: true,
      env: {
        AUTH_REQUIRED: 'false',
        RATE_LIMIT_MAX: '0',
        DISCOVER_SVC_URL: `${discover.url}/base`,
        // Generous: the siblings here always answer; no test is about the timeout.
        PROXY_TIMEOUT_MS: '10000',
      },
    });
    port = Number(new URL(t.url).port);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([discover?.close(), trap?.close()]);
  });
  beforeEach(() => {
    discover.received.length = 0;
    trap.received.length = 0;
  });

  const get = (path: string) =>
    rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);

  it('forwards an ordinary path below the prefix to the configured base', async () => {
    const res = await get('/api/v1/discover/topics/tech?x=1');
    expect(res.status).toBe(200);
    expect(discover.received.map((r) => r.url)).toEqual(['/base/api/v1/discover/topics/tech?x=1']);
  });

  it.each([
    '/api/v1/discover/../../admin',
    '/api/v1/discover/%2e%2e/%2e%2e/admin',
    '/api/v1/discover/%2E%2E%2F%2E%2E%2Fadmin',
    '/api/v1/discover/.%2e/admin',
    '/api/v1/discover/..%5c..%5cadmin',
    '/api/v1/discover/..\\..\\admin',
    '/api/v1/discover/a\\..\\..\\..\\admin',
    '/api/v1/discover/%5c%5cevil.example/x',
  ])('refuses %s with 400 and forwards nothing', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.text).toContain('"statusCode":400');
    expect(discover.received).toEqual([]);
    expect(trap.received).toEqual([]);
  });

  it('keeps double slashes on the configured host, below the prefix', async () => {
    const res = await get(`/api/v1/discover//127.0.0.1:${new URL(trap.url).port}/x`);
    expect([200, 400]).toContain(res.status);
    expect(trap.received).toEqual([]);
    for (const seen of discover.received)
      expect(seen.url.startsWith('/base/api/v1/discover/')).toBe(true);
  });

  it('never forwards an absolute URL in the request line to its host', async () => {
    const res = await get(`${trap.url}/api/v1/discover/x`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(trap.received).toEqual([]);
    for (const seen of discover.received)
      expect(seen.url.startsWith('/base/api/v1/discover/')).toBe(true);
  });

  it('refuses conflicting Content-Length and Transfer-Encoding without forwarding', async () => {
    const smuggled = 'GET /api/v1/discover/smuggled HTTP/1.1\r\nHost: x\r\n\r\n';
    const res = await rawRequest(
      port,
      'POST /api/v1/discover/x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
        'Content-Type: text/plain\r\n' +
        `Content-Length: ${5 + smuggled.length}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggled}`,
    );
    expect(res.status).toBe(400);
    expect(discover.received).toEqual([]);
  });

  it('refuses two different Content-Length headers and obfuscated Transfer-Encoding', async () => {
    for (const head of [
      'Content-Length: 3\r\nContent-Length: 10',
      'Transfer-Encoding: chunked\r\nTransfer-Encoding: identity',
      'Transfer-Encoding : chunked',
      'Transfer-Encoding: xchunked',
    ]) {
      const res = await rawRequest(
        port,
        `POST /api/v1/discover/x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
          `Content-Type: text/plain\r\n${head}\r\n\r\nabc`,
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(discover.received).toEqual([]);
  });
});
