import Fastify from 'fastify';
import { Agent, request } from 'undici';
import { listenAndAnnounceFastify } from './listening';

/**
 * Baseline for POST /api/search: a bare Fastify route making the same upstream calls as one speed
 * search (a SearxNG GET, one embeddings POST for the question and the results, asked as base64 and
 * decoded to Float32Arrays as Quarry's OpenAI adapter does, one streamed chat completion read to
 * the end), ranking by cosine similarity and answering JSON, or with
 * `stream: true` NDJSON lines as Quarry writes them (init, sources, a response line per token,
 * done). No validation, pipeline, SDK or observability: what is left is the HTTP and JSON work
 * every search must do.
 */
const upstream = process.argv[2];
const SOURCES = 8;
const dispatcher = new Agent({ keepAliveTimeout: 30_000 });

interface SearchBody {
  query: string;
  stream?: boolean;
  chatModel: { key: string };
  embeddingModel: { key: string };
}
interface SearxngResult {
  url: string;
  title: string;
  content: string;
}

async function postJson(path: string, body: unknown) {
  return request(`${upstream}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
    body: JSON.stringify(body),
    dispatcher,
  });
}

/** An embedding sent as base64: little-endian float32 bytes, viewed in place (x64 and arm64 are little-endian). */
function float32s(base64: string): Float32Array {
  const bytes = Buffer.from(base64, 'base64');
  return bytes.byteOffset % 4 === 0
    ? new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2)
    : new Float32Array(new Uint8Array(bytes).buffer);
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb || 1);
}

const app = Fastify({ logger: false });
app.post<{ Body: SearchBody }>('/api/search', async (req, reply) => {
  const { query, chatModel, embeddingModel, stream } = req.body;
  const line = (event: object) => reply.raw.write(`${JSON.stringify(event)}\n`);
  if (stream) {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson' });
    line({ type: 'init', data: 'Stream connected' });
  }
  const searx = await request(`${upstream}/search?q=${encodeURIComponent(query)}&format=json`, { dispatcher });
  const { results } = (await searx.body.json()) as { results: SearxngResult[] };

  const embedded = await postJson('/v1/embeddings', {
    model: embeddingModel.key,
    input: [query, ...results.map((r) => `${r.title}\n${r.content}`)],
    encoding_format: 'base64',
  });
  const { data } = (await embedded.body.json()) as { data: Array<{ index: number; embedding: string }> };
  const vectors = data.sort((a, b) => a.index - b.index).map((d) => float32s(d.embedding));
  const sources = results
    .map((result, i) => ({ result, score: cosine(vectors[0], vectors[i + 1]) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, SOURCES)
    .map(({ result }) => ({ content: result.content, metadata: { title: result.title, url: result.url } }));

  if (stream) line({ type: 'sources', data: sources });
  const context = sources.map((s, i) => `[${i + 1}] ${s.metadata.title}\n${s.content}`).join('\n\n');
  const chat = await postJson('/v1/chat/completions', {
    model: chatModel.key,
    messages: [
      { role: 'system', content: `Answer from these sources, citing them as [n].\n\n${context}` },
      { role: 'user', content: query },
    ],
    stream: true,
    stream_options: { include_usage: true },
  });
  let message = '';
  let buffered = '';
  for await (const chunk of chat.body) {
    buffered += (chunk as Buffer).toString('utf8');
    let end: number;
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
      const parsed = JSON.parse(event.slice(6)) as { choices: Array<{ delta?: { content?: string } }> };
      const token = parsed.choices[0]?.delta?.content ?? '';
      if (stream && token) line({ type: 'response', data: token });
      message += token;
    }
  }
  if (!stream) return { message, sources };
  line({ type: 'done' });
  reply.raw.end();
});
listenAndAnnounceFastify(app);
