import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { startHelperProcess, startService, type RunningProcess } from '../support/processes';
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
// The slow-model level: the fake's bench-slow model (first token after 200 ms, then one every
// 10 ms, 64 tokens); searches one at a time, each kind SLOW_SEARCHES times.
const SLOW_TOKENS = 64;
const SLOW_SEARCHES = Number(process.env.BENCH_SLOW_SEARCHES ?? 10);

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
  // Beside the slow-model level: a bare Fastify route reading the same slow stream with undici.
  const bare = await startHelperProcess('bare-search', [upstreams.url]);
  const idle = await startHelperProcess('idle-waker');
  const agent = new Agent({ connections: null, pipelining: 0, keepAliveTimeout: 30_000 });
  try {
    const body = await searchBody(service.url, 'bench-model', true);
    const slowBodies = {
      streamed: await searchBody(service.url, 'bench-slow', true),
      plain: await searchBody(service.url, 'bench-slow', false),
    };
    // Warm-up, as autocannon does for the other benchmarks: JIT, connection set-up and the search
    // cache are not what this measures. Three batches: after one, V8's compiler threads were still
    // busy with the request path (a third of the service's CPU in a perf profile).
    // The bare route gets the same warm-up, so its rows are a floor of warm code, not of compiling.
    for (const origin of [service.url, bare.url]) {
      for (let batch = 0; batch < 3; batch++) {
        await Promise.all(Array.from({ length: 100 }, () => oneStream(origin, body, agent)));
      }
    }
    const rows: Row[] = [];
    rows.push(...(await slowModelLevel(service, slowBodies, agent, 'after warm-up', { bare, idle })));
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
        target: streams === 100 && rampMs > 0 ? 'p99 <= 5 ms' : streams === 1000 ? '0 errors, RSS <= 250 MiB' : '',
      });
    }
    rows.push(...(await slowModelLevel(service, slowBodies, agent, 'after the levels above')));
    return rows;
  } finally {
    await agent.close();
    await bare.stop();
    await idle.stop();
    await service.stop();
    await upstreams.stop();
  }
}

/**
 * A slow model (TTFT 200 ms, 10 ms per token, 64 tokens): token pass-through delay for one stream
 * at a time and for 100 streams started over 1 s, and the service's CPU per search and per token
 * for plain and streamed searches run one at a time (the search itself is cached after the first).
 * Given the bare route, the same measures of it first: the floor each figure sits on; and under
 * both, what a Node process that only wakes every 10 ms costs per wake-up meanwhile.
 */
async function slowModelLevel(
  service: RunningProcess,
  bodies: { streamed: string; plain: string },
  agent: Agent,
  phase: string,
  floors?: { bare: RunningProcess; idle: RunningProcess },
): Promise<Row[]> {
  const bare = floors?.bare;
  const label = `slow model (${phase})`;
  const rows: Row[] = [];
  const delaysOf = (timings: StreamTiming[]) =>
    timings.filter((timing) => timing.ok).flatMap((timing) => timing.delays).sort((a, b) => a - b);
  if (bare) {
    // What reading 64 tokens that arrive 10 ms apart costs a process doing little else.
    for (let i = 0; i < 3; i++) await onePlainSearch(bare.url, bodies.plain, agent);
    const before = bare.cpuMs();
    const idleBefore = floors.idle.cpuMs();
    const startedAt = performance.now();
    let errors = 0;
    for (let i = 0; i < SLOW_SEARCHES; i++) if (!(await onePlainSearch(bare.url, bodies.plain, agent))) errors += 1;
    const cpu = (bare.cpuMs() - before) / SLOW_SEARCHES;
    const idleWakes = (performance.now() - startedAt) / 10;
    const cpuPerIdleWake = (floors.idle.cpuMs() - idleBefore) / idleWakes;
    rows.push({
      benchmark: 'stream',
      case: 'machine floor: a Node process waking every 10 ms to do nothing, per wake-up',
      ...Object.fromEntries(['init p50 ms', 'sources p50 ms', 'token delay p50 ms', 'token delay p99 ms', 'tokens', 'errors', 'service CPU ms/stream'].map((column) => [column, ''])),
      'CPU ms/token': Math.round(cpuPerIdleWake * 1000) / 1000,
    });
    rows.push({
      benchmark: 'stream',
      case: 'slow model: bare Fastify + undici, plain JSON, one at a time',
      ...Object.fromEntries(['init p50 ms', 'sources p50 ms', 'token delay p50 ms', 'token delay p99 ms', 'tokens'].map((column) => [column, ''])),
      errors,
      'service CPU ms/stream': Math.round(cpu * 100) / 100,
      'CPU ms/token': Math.round((cpu / SLOW_TOKENS) * 100) / 100,
    });
    // The one-stream floor of the token delay: the machine's wake-ups, the fake and the reader.
    const bareSequential: StreamTiming[] = [];
    for (let i = 0; i < SLOW_SEARCHES; i++) {
      bareSequential.push(await oneStream(bare.url, bodies.streamed, agent));
    }
    const bareDelays = delaysOf(bareSequential);
    rows.push({
      benchmark: 'stream',
      case: 'slow model: bare Fastify + undici, streamed, one at a time',
      'token delay p50 ms': quantile(bareDelays, 0.5),
      'token delay p99 ms': quantile(bareDelays, 0.99),
      tokens: bareDelays.length,
      errors: bareSequential.filter((timing) => !timing.ok).length,
    });
  }
  let cpuBefore = service.cpuMs();
  const sequential: StreamTiming[] = [];
  for (let i = 0; i < SLOW_SEARCHES; i++) sequential.push(await oneStream(service.url, bodies.streamed, agent));
  const streamedCpu = (service.cpuMs() - cpuBefore) / SLOW_SEARCHES;

  cpuBefore = service.cpuMs();
  let plainErrors = 0;
  for (let i = 0; i < SLOW_SEARCHES; i++) if (!(await onePlainSearch(service.url, bodies.plain, agent))) plainErrors += 1;
  const plainCpu = (service.cpuMs() - cpuBefore) / SLOW_SEARCHES;

  cpuBefore = service.cpuMs();
  const ramped = await rampedStreams(service.url, bodies.streamed, agent);
  const rampedCpu = (service.cpuMs() - cpuBefore) / 100;

  const round = (value: number) => Math.round(value * 100) / 100;
  const p50 = (values: number[]) => quantile(values.sort((a, b) => a - b), 0.5);
  const streamsRow = (
    name: string,
    timings: StreamTiming[],
    cpu: number,
    target: string,
    beforeRss: Record<string, string> = {},
  ) => {
    const delays = delaysOf(timings);
    return {
      benchmark: 'stream',
      case: `${label}: ${name}`,
      'init p50 ms': p50(timings.map((timing) => timing.initMs)),
      'sources p50 ms': p50(timings.map((timing) => timing.sourcesMs)),
      'token delay p50 ms': quantile(delays, 0.5),
      'token delay p99 ms': quantile(delays, 0.99),
      tokens: delays.length,
      errors: timings.filter((timing) => !timing.ok).length,
      'service CPU ms/stream': round(cpu),
      'CPU ms/token': round(cpu / SLOW_TOKENS),
      ...beforeRss,
      'peak RSS MiB': service.peakRssMb(),
      target,
    };
  };
  if (bare) {
    // The floor of the machine, load generator and fake model: the same 100 streams relayed by the
    // bare route, token by token, with no pipeline.
    const bareBefore = bare.cpuMs();
    const bareRamped = await rampedStreams(bare.url, bodies.streamed, agent);
    const bareDelays = delaysOf(bareRamped);
    rows.push({
      benchmark: 'stream',
      case: 'slow model: bare Fastify + undici, 100 streams started over 1 s',
      'token delay p50 ms': quantile(bareDelays, 0.5),
      'token delay p99 ms': quantile(bareDelays, 0.99),
      tokens: bareDelays.length,
      errors: bareRamped.filter((timing) => !timing.ok).length,
      'service CPU ms/stream': round((bare.cpuMs() - bareBefore) / 100),
    });
  }
  rows.push(
    streamsRow('streamed, one at a time', sequential, streamedCpu, 'p99 <= 2 ms; CPU <= 1.5x plain', {
      'vs plain': (streamedCpu / plainCpu).toFixed(2),
    }),
    {
      benchmark: 'stream',
      case: `${label}: plain JSON, one at a time`,
      'init p50 ms': '',
      errors: plainErrors,
      'service CPU ms/stream': round(plainCpu),
      'CPU ms/token': round(plainCpu / SLOW_TOKENS),
      target: 'CPU <= 8.4 ms (2 + 64 x 0.1)',
    },
    streamsRow('100 streams started over 1 s', ramped, rampedCpu, 'p99 <= 5 ms'),
  );
  return rows;
}

/** 100 streamed searches, one started every 10 ms. */
function rampedStreams(origin: string, body: string, agent: Agent): Promise<StreamTiming[]> {
  return Promise.all(
    Array.from({ length: 100 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, (1000 * i) / 100));
      return oneStream(origin, body, agent);
    }),
  );
}

async function onePlainSearch(origin: string, body: string, dispatcher: Agent): Promise<boolean> {
  try {
    const res = await request(`${origin}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      dispatcher,
    });
    const text = await res.body.text();
    return res.statusCode === 200 && (JSON.parse(text) as { message?: unknown }).message !== undefined;
  } catch {
    return false;
  }
}

async function searchBody(origin: string, chatModel: string, stream: boolean): Promise<string> {
  const { providers } = (await (await fetch(`${origin}/api/providers`)).json()) as {
    providers: Array<{ id: string; chatModels: Array<{ key: string }>; embeddingModels: Array<{ key: string }> }>;
  };
  const remote = providers.find((p) => p.chatModels.some((m) => m.key === chatModel));
  const builtin = providers.find((p) => p.embeddingModels.some((m) => m.key === 'hashing'));
  if (!remote || !builtin) throw new Error('bench providers not listed by /api/providers');
  return JSON.stringify({
    chatModel: { providerId: remote.id, key: chatModel },
    embeddingModel: { providerId: builtin.id, key: 'hashing' },
    sources: ['web'],
    query: 'How fast is the gateway?',
    optimizationMode: 'speed',
    stream,
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
