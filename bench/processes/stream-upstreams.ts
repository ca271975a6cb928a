import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { listenAndAnnounce } from './listening';
import { bagOfWordsVector } from '../../test/fakes/fake-openai.server';

/**
 * The upstreams of a search, on one port: a SearxNG JSON API that answers at once, and an
 * OpenAI-compatible server (models, embeddings, chat completions plain and streamed). Each streamed
 * token carries the wall-clock time it was written (~<ms>~), so the client can measure how long the
 * service held it. The chat model named in the request picks how it writes:
 *   bench-model  a token every TOKEN_INTERVAL_MS (default 10), TOKENS of them (default 30)
 *   bench-slow   a slow model: first token after 200 ms, then one every 10 ms, 64 in all
 *   bench-fast   zero latency: all 64 tokens written at once
 * RESULTS (default 5) is how many results the SearxNG API returns. GET /__calls counts the requests
 * per path since the last GET /__calls (so a benchmark can check what one search costs upstream).
 */
interface ModelPace {
  readonly firstTokenMs: number;
  readonly intervalMs: number;
  readonly tokens: number;
}

const PACES: Record<string, ModelPace> = {
  'bench-model': {
    firstTokenMs: Number(process.env.TOKEN_INTERVAL_MS ?? 10),
    intervalMs: Number(process.env.TOKEN_INTERVAL_MS ?? 10),
    tokens: Number(process.env.TOKENS ?? 30),
  },
  'bench-slow': { firstTokenMs: 200, intervalMs: 10, tokens: 64 },
  'bench-fast': { firstTokenMs: 0, intervalMs: 0, tokens: 64 },
};
const EMBEDDING_MODEL = 'bench-embed';
const DIMENSIONS = 384;
const RESULTS = Number(process.env.RESULTS ?? 5);

const searxngReply = JSON.stringify({
  query: 'bench',
  number_of_results: RESULTS,
  results: Array.from({ length: RESULTS }, (_, i) => ({
    url: `https://bench.example/${i}`,
    title: `Bench result ${i}`,
    content: `Benchmark snippet number ${i} about streaming latency and throughput of the gateway.`,
    engine: 'bench',
    category: 'general',
  })),
});
const modelsReply = JSON.stringify({
  object: 'list',
  data: [...Object.keys(PACES), EMBEDDING_MODEL].map((id) => ({ id, object: 'model', created: 0, owned_by: 'bench' })),
});
/**
 * Each text's vector: its words hashed into DIMENSIONS, unit length (a bag of words, as a lexical
 * model behind an OpenAI-compatible API gives), so the service ranks with it as it ranks with such
 * a model. Serialized once per distinct text in both encodings ('float': a JSON array; 'base64':
 * little-endian float32 bytes, as OpenAI sends them); the bench sends the same few texts over.
 */
const serializedVectors = new Map<string, { float: string; base64: string }>();
function vectorOf(text: string): { float: string; base64: string } {
  let serialized = serializedVectors.get(text);
  if (!serialized) {
    const unit = bagOfWordsVector(text, DIMENSIONS).map((x) => Number(x.toFixed(6)));
    serialized = {
      float: JSON.stringify(unit),
      base64: `"${Buffer.from(new Float32Array(unit).buffer).toString('base64')}"`,
    };
    if (serializedVectors.size < 10_000) serializedVectors.set(text, serialized);
  }
  return serialized;
}
// The planner's reply in balanced mode: two web queries.
const PLAN = JSON.stringify({ queries: { web: ['gateway latency', 'gateway throughput benchmark'] } });

interface ChatRequest {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  input?: unknown;
  encoding_format?: string;
}

function now(): string {
  return (performance.timeOrigin + performance.now()).toFixed(3);
}

function chunkOf(model: string, delta: object, finish: string | null): string {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  })}\n\n`;
}

function streamTokens(res: ServerResponse, model: string, pace: ModelPace, usage: boolean): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunkOf(model, { role: 'assistant', content: '' }, null));
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const finish = () => {
    res.write(chunkOf(model, {}, 'stop'));
    if (usage) {
      const counts = { prompt_tokens: 500, completion_tokens: pace.tokens, total_tokens: 500 + pace.tokens };
      res.write(`data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: counts })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  };
  const token = () => {
    sent += 1;
    res.write(chunkOf(model, { content: `~${now()}~ ` }, null));
  };
  res.on('close', () => clearTimeout(timer));
  if (pace.intervalMs === 0) {
    while (sent < pace.tokens) token();
    finish();
    return;
  }
  const next = () => {
    if (res.destroyed) return;
    if (sent === pace.tokens) return finish();
    token();
    timer = setTimeout(next, pace.intervalMs);
  };
  timer = setTimeout(next, pace.firstTokenMs);
}

function completion(res: ServerResponse, model: string): void {
  const body = JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: PLAN }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 200, completion_tokens: 20, total_tokens: 220 },
  });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function embeddings(res: ServerResponse, request: ChatRequest): void {
  const texts = (Array.isArray(request.input) ? request.input : [request.input]).map(String);
  const inputs = texts.length;
  const encoding = request.encoding_format === 'base64' ? 'base64' : 'float';
  const data = texts.map(
    (text, i) => `{"object":"embedding","index":${i},"embedding":${vectorOf(text)[encoding]}}`,
  );
  const body = `{"object":"list","data":[${data.join(',')}],"model":"${EMBEDDING_MODEL}","usage":{"prompt_tokens":${inputs * 20},"total_tokens":${inputs * 20}}}`;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function readJson(req: IncomingMessage, then: (request: ChatRequest) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => then(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ChatRequest));
}

let calls: Record<string, number> = {};

listenAndAnnounce(
  createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/__calls') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(calls));
      calls = {};
      return;
    }
    calls[path] = (calls[path] ?? 0) + 1;
    if (path === '/search') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(searxngReply) });
      res.end(searxngReply);
      return;
    }
    if (path === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(modelsReply);
      return;
    }
    if (path === '/v1/embeddings') {
      readJson(req, (request) => embeddings(res, request));
      return;
    }
    if (path === '/v1/chat/completions') {
      readJson(req, (request) => {
        const model = request.model ?? 'bench-model';
        if (!request.stream) return completion(res, model);
        streamTokens(res, model, PACES[model] ?? PACES['bench-model'], request.stream_options?.include_usage === true);
      });
      return;
    }
    res.writeHead(404).end();
  }),
);
