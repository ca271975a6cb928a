import { createServer, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { listenAndAnnounce } from './listening';

/**
 * The two upstreams of a streamed search, on one port: a SearxNG JSON API that answers at once, and
 * an OpenAI-compatible model that streams one token every TOKEN_INTERVAL_MS. Each token carries the
 * wall-clock time it was written (~<ms>~), so the client can measure how long the service held it.
 */
const TOKEN_INTERVAL_MS = Number(process.env.TOKEN_INTERVAL_MS ?? 10);
const TOKENS = Number(process.env.TOKENS ?? 30);

const searxngReply = JSON.stringify({
  query: 'bench',
  number_of_results: 5,
  results: Array.from({ length: 5 }, (_, i) => ({
    url: `https://bench.example/${i}`,
    title: `Bench result ${i}`,
    content: `Benchmark snippet number ${i} about streaming latency and throughput of the gateway.`,
    engine: 'bench',
    category: 'general',
  })),
});

function now(): string {
  return (performance.timeOrigin + performance.now()).toFixed(3);
}

function streamTokens(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-bench',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'bench-model',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    })}\n\n`;
  res.write(chunk({ role: 'assistant', content: '' }, null));
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed) return clearInterval(timer);
    if (sent === TOKENS) {
      clearInterval(timer);
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
      return;
    }
    sent += 1;
    res.write(chunk({ content: `~${now()}~ ` }, null));
  }, TOKEN_INTERVAL_MS);
  res.on('close', () => clearInterval(timer));
}

listenAndAnnounce(
  createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/search') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(searxngReply);
      return;
    }
    if (path === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'bench-model', object: 'model', created: 0, owned_by: 'bench' }] }));
      return;
    }
    if (path === '/v1/chat/completions') {
      req.resume();
      req.on('end', () => streamTokens(res));
      return;
    }
    res.writeHead(404).end();
  }),
);
