import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The upstreams the soak traffic needs, all on 127.0.0.1 inside the soak process. */
export interface SoakUpstreams {
  readonly searxng: string;
  readonly sibling: string;
  readonly auth: string;
  readonly receiver: string;
  close(): Promise<void>;
}

export const SOAK_TOKEN = 'soak-token-3b9d';

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    req.on('data', () => undefined);
    req.on('end', resolve);
    req.on('error', () => resolve());
  });
}

export async function startSoakUpstreams(): Promise<SoakUpstreams> {
  // SearxNG's JSON API: results that repeat the query, each query different so the cache fills.
  const searxng = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = url.searchParams.get('q') ?? '';
    const results = [1, 2, 3, 4, 5].map((n) => ({
      url: `https://example.org/${encodeURIComponent(q)}/${n}`,
      title: `${q} result ${n}`,
      content: `Result ${n} about ${q}: a sentence with facts about ${q} number ${n}.`,
      engine: 'soak',
    }));
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ query: q, results }));
    }, Math.random() * 30);
  });
  // A sibling service behind the proxy: echoes method and path.
  const sibling = await listen((req, res) => {
    void drain(req).then(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, path: req.url, at: Date.now() }));
    });
  });
  // The auth service: one known token.
  const auth = await listen((req, res) => {
    const ok = req.headers.authorization === `Bearer ${SOAK_TOKEN}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(ok ? { id: 'soak-user', email: 'soak@example.com' } : { message: 'no' }),
    );
  });
  // A webhook receiver that fails at random: 5xx, resets, slow replies, 4xx.
  const receiver = await listen((req, res) => {
    void drain(req).then(() => {
      const roll = Math.random();
      if (roll < 0.15) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('busy');
      } else if (roll < 0.2) {
        req.socket.destroy();
      } else if (roll < 0.25) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":"no such hook"}');
      } else {
        setTimeout(
          () => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end('{"received":true}');
          },
          roll < 0.3 ? 300 : 5,
        );
      }
    });
  });
  const servers = [searxng, sibling, auth, receiver];
  return {
    searxng: searxng.url,
    sibling: sibling.url,
    auth: auth.url,
    receiver: receiver.url,
    close: async () => {
      for (const { server } of servers) server.closeAllConnections();
      await Promise.all(
        servers.map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    },
  };
}
