import { createServer, type IncomingMessage, type Server } from 'node:http';
import OpenAI from 'openai';
import { Agent } from 'undici';
import { leanFetch } from './lean-fetch';

describe('leanFetch', () => {
  let server: Server;
  let base: string;
  let seen: { method?: string; headers?: IncomingMessage['headers']; body?: string };
  let closedEarly: Promise<void> = Promise.resolve();
  let modelCalls = 0;
  const big = Buffer.alloc(1024 * 1024, 'q');
  const agent = new Agent();
  const fetch = leanFetch(agent);

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen = { method: req.method, headers: req.headers, body };
        if (req.url === '/moved') {
          res.writeHead(307, { location: '/json' }).end();
        } else if (req.url === '/stream') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('data: one\n\n');
          setTimeout(() => res.end('data: two\n\n'), 20);
        } else if (req.url === '/hang') {
          res.writeHead(200).write('x');
          closedEarly = new Promise((resolve) => res.once('close', () => resolve()));
        } else if (req.url === '/silent') {
          // Never answers.
        } else if (req.url === '/v1/models') {
          // The first call fails as a busy server's would; the SDK discards that body and retries.
          modelCalls += 1;
          if (modelCalls === 1) {
            res.writeHead(500, { 'content-type': 'application/json', 'retry-after-ms': '0' });
            res.end('{"error":{"message":"busy"}}');
          } else {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(
              '{"object":"list","data":[{"id":"m1","object":"model","created":0,"owned_by":"x"}]}',
            );
          }
        } else if (req.url === '/big') {
          res.writeHead(200).end(big);
        } else {
          res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'r1' });
          res.end('{"ok":true}');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await agent.close();
  });

  it('sends method, headers and a string body, and reads status, headers and JSON', async () => {
    const response = await fetch(`${base}/json`, {
      method: 'POST',
      headers: new Headers({ authorization: 'Bearer k', 'content-type': 'application/json' }),
      body: '{"q":1}',
    });
    expect(seen).toMatchObject({ method: 'POST', body: '{"q":1}' });
    expect(seen.headers).toMatchObject({ authorization: 'Bearer k' });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('hands the body over as an async iterable of bytes as they arrive', async () => {
    const response = await fetch(`${base}/stream`);
    const chunks: string[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      chunks.push(Buffer.from(chunk).toString());
    }
    expect(chunks.join('')).toBe('data: one\n\ndata: two\n\n');
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('reads a body far larger than it buffers whole, when the reader is slower than the socket', async () => {
    const response = await fetch(`${base}/big`);
    const chunks: Buffer[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      // Let the socket run ahead, so reading must pause and resume.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    expect(response.bodyUsed).toBe(true);
  });

  it('closes the exchange when the reader leaves the body early', async () => {
    const response = await fetch(`${base}/hang`);
    expect(response.bodyUsed).toBe(false);
    for await (const chunk of response.body as unknown as AsyncIterable<Buffer>) {
      expect(chunk.toString()).toBe('x');
      break;
    }
    // The server sees its connection closed, rather than a body left paused on a pooled socket.
    await closedEarly;
  });

  it("carries the OpenAI SDK's retry after a failed status", async () => {
    const client = new OpenAI({ apiKey: 'k', baseURL: `${base}/v1`, maxRetries: 1, fetch });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['m1']);
    expect(modelCalls).toBe(2);
  });

  it('follows a redirect as fetch does', async () => {
    const response = await fetch(`${base}/moved`);
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('{"ok":true}');
  });

  it('rejects with an AbortError when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = fetch(`${base}/hang`, { signal: controller.signal }).then((r) => r.text());
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects with the abort reason when the signal aborts before the reply starts', async () => {
    const controller = new AbortController();
    const pending = fetch(`${base}/silent`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('deadline')), 20);
    await expect(pending).rejects.toThrow('deadline');
    const already = new AbortController();
    already.abort();
    await expect(fetch(`${base}/json`, { signal: already.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
