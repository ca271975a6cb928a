import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { startHelperProcess, startService } from '../support/processes';
import type { Row } from '../support/report';
import { BENCH_SERVICE_ENV } from './bench-env';

// Each level: how many streams, and over how long they are started (0: all at one instant).
const LEVELS: ReadonlyArray<{ streams: number; rampMs: number }> = [
  { streams: 1, rampMs: 0 },
  { streams: 100, rampMs: 0 },
  { streams: 100, rampMs: 1000 },
  { streams: 1000, rampMs: 0 },
];
// Tokens per answer; BENCH_STREAM_TOKENS=1 and =60 separate the cost of starting a search from the
// cost of relaying a token (see docs/benchmarks.md).
const TOKENS = process.env.BENCH_STREAM_TOKENS ?? '30';
const STAMP = /~(\d+\.\d+)~/g;

interface StreamTiming {
  initMs: number;
  sourcesMs: number;
  delays: number[];
  ok: boolean;
}

/**
 * Streamed searches against a fake model writing a token every 10 ms and a SearxNG that answers at
 * once: time to `init`, time to `sources`, and how long each token waited inside the service.
 */
export async function streamBench(): Promise<Row[]> {
  const upstreams = await startHelperProcess('stream-upstreams', [], { TOKEN_INTERVAL_MS: '10', TOKENS });
  const service = await startService({
    ...BENCH_SERVICE_ENV,
    SEARXNG_URL: upstreams.url,
    OPENAI_BASE_URL: `${upstreams.url}/v1`,
    OPENAI_API_KEY: 'bench-key',
    UV_THREADPOOL_SIZE: '8',
  });
  const agent = new Agent({ connections: null, pipelining: 0, keepAliveTimeout: 30_000 });
  try {
    const body = await searchBody(service.url);
    // Warm-up, as autocannon does for the other benchmarks: JIT, connection set-up and the search
    // cache are not what this measures. Three batches: after one, V8's compiler threads were still
    // busy with the request path (a third of the service's CPU in a perf profile).
    for (let batch = 0; batch < 3; batch++) {
      await Promise.all(Array.from({ length: 100 }, () => oneStream(service.url, body, agent)));
    }
    const rows: Row[] = [];
    for (const { streams, rampMs } of LEVELS) {
      const cpuBefore = service.cpuMs();
      const timings = await Promise.all(
        Array.from({ length: streams }, async (_, i) => {
          if (rampMs > 0) await new Promise((resolve) => setTimeout(resolve, (rampMs * i) / streams));
          return oneStream(service.url, body, agent);
        }),
      );
      const cpuPerStream = (service.cpuMs() - cpuBefore) / streams;
      const ok = timings.filter((timing) => timing.ok);
      const delays = ok.flatMap((timing) => timing.delays).sort((a, b) => a - b);
      const init = ok.map((timing) => timing.initMs).sort((a, b) => a - b);
      const sources = ok.map((timing) => timing.sourcesMs).sort((a, b) => a - b);
      const started = rampMs > 0 ? `, started over ${rampMs / 1000} s` : '';
      rows.push({
        benchmark: 'stream',
        case: `${streams} concurrent stream${streams > 1 ? 's' : ''}${started}`,
        'init p50 ms': quantile(init, 0.5),
        'sources p50 ms': quantile(sources, 0.5),
        'token delay p50 ms': quantile(delays, 0.5),
        'token delay p99 ms': quantile(delays, 0.99),
        tokens: delays.length,
        errors: timings.length - ok.length,
        'service CPU ms/stream': Math.round(cpuPerStream * 100) / 100,
        'peak RSS MiB': service.peakRssMb(),
        target: streams === 100 && rampMs === 0 ? 'p99 <= 5 ms' : streams === 1000 ? '0 errors, RSS <= 400' : '',
      });
    }
    return rows;
  } finally {
    await agent.close();
    await service.stop();
    await upstreams.stop();
  }
}

async function searchBody(origin: string): Promise<string> {
  const { providers } = (await (await fetch(`${origin}/api/providers`)).json()) as {
    providers: Array<{ id: string; chatModels: Array<{ key: string }>; embeddingModels: Array<{ key: string }> }>;
  };
  const remote = providers.find((p) => p.chatModels.some((m) => m.key === 'bench-model'));
  const builtin = providers.find((p) => p.embeddingModels.some((m) => m.key === 'hashing'));
  if (!remote || !builtin) throw new Error('bench providers not listed by /api/providers');
  return JSON.stringify({
    chatModel: { providerId: remote.id, key: 'bench-model' },
    embeddingModel: { providerId: builtin.id, key: 'hashing' },
    sources: ['web'],
    query: 'How fast is the gateway?',
    optimizationMode: 'speed',
    stream: true,
  });
}

async function oneStream(origin: string, body: string, dispatcher: Agent): Promise<StreamTiming> {
  const started = performance.now();
  const timing: StreamTiming = { initMs: NaN, sourcesMs: NaN, delays: [], ok: false };
  try {
    const res = await request(`${origin}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      dispatcher,
    });
    if (res.statusCode !== 200) {
      await res.body.dump();
      return timing;
    }
    let buffered = '';
    let done = false;
    for await (const chunk of res.body) {
      const readAt = performance.timeOrigin + performance.now();
      buffered += (chunk as Buffer).toString('utf8');
      let newline: number;
      while ((newline = buffered.indexOf('\n')) !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (!line.trim()) continue;
        const event = JSON.parse(line) as { type: string; data?: unknown };
        if (event.type === 'init') timing.initMs = performance.now() - started;
        else if (event.type === 'sources') timing.sourcesMs = performance.now() - started;
        else if (event.type === 'response' && typeof event.data === 'string') {
          for (const match of event.data.matchAll(STAMP)) timing.delays.push(readAt - Number(match[1]));
        } else if (event.type === 'done') done = true;
      }
    }
    timing.ok = done;
  } catch {
    timing.ok = false;
  }
  return timing;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.floor(q * (sorted.length - 1))] * 100) / 100;
}
