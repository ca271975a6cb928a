import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SearxngJsonClient } from './searxng-json.client';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

describe('SearxngJsonClient', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('follows a redirect of the instance to the JSON results', async () => {
    const searxng = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          results: [{ url: 'https://a.example/', title: url.searchParams.get('q'), content: 'c' }],
        }),
      );
    });
    const front = createServer((req, res) => {
      res.writeHead(301, { location: `${target}${req.url ?? '/'}` });
      res.end();
    });
    servers.push(searxng, front);
    const target = await listen(searxng);
    const client = new SearxngJsonClient({
      name: 'SearxNG',
      baseUrls: [await listen(front)],
      path: '/search',
      timeoutMs: 2000,
    });
    const results = await client.search(
      { kind: 'web', query: 'redirected', language: 'en', pageno: 1 },
      new AbortController().signal,
    );
    expect(results).toEqual([
      { url: 'https://a.example/', title: 'redirected', snippet: 'c', publishedDate: undefined },
    ]);
  });
});
