import { closedLoop, type ClosedLoopOptions, type ClosedLoopResult } from '../support/closed-loop';
import { startHelperProcess, startService, type RunningProcess } from '../support/processes';
import type { Row } from '../support/report';
import { BENCH_SERVICE_ENV, ratio } from './bench-env';

// Seconds per measured round (three interleaved rounds per target); BENCH_SEARCH_SECONDS=1 for a quick look.
const ROUND_MS = Number(process.env.BENCH_SEARCH_SECONDS ?? 3) * 1000;
const WARMUP_MS = 2000;
const ROUNDS = 3;
const RESULTS = 10;

interface Target {
  readonly name: string;
  readonly server: RunningProcess;
  readonly body: string;
  readonly stream: boolean;
  readonly target?: string;
}

/**
 * POST /api/search against zero-latency fakes (SearxNG with 10 results; an OpenAI-compatible
 * server for embeddings and a 64-token streamed completion written at once), search cache off:
 * req/s and the service's CPU per search, plain JSON and streamed NDJSON, at 10 and 50 connections,
 * beside a bare Fastify route making the same upstream calls with undici. Each figure is the median
 * of three interleaved rounds.
 */
export async function searchBench(): Promise<Row[]> {
  const upstreams = await startHelperProcess('stream-upstreams', [], { RESULTS: String(RESULTS) });
  const started: RunningProcess[] = [upstreams];
  try {
    const bare = await startHelperProcess('bare-search', [upstreams.url]);
    started.push(bare);
    const service = await startService({
      ...BENCH_SERVICE_ENV,
      SEARCH_CACHE_TTL_MS: '0',
      SEARXNG_URL: upstreams.url,
      OPENAI_BASE_URL: `${upstreams.url}/v1`,
      OPENAI_API_KEY: 'bench-key',
    });
    started.push(service);

    const providerId = await openAiProviderId(service.url);
    const body = (mode: string, stream: boolean) =>
      JSON.stringify({
        chatModel: { providerId, key: 'bench-fast' },
        embeddingModel: { providerId, key: 'bench-embed' },
        sources: ['web'],
        query: 'How fast is the gateway?',
        optimizationMode: mode,
        stream,
      });
    const upstreamCalls = await callsPerSearch(service.url, upstreams.url, [body('speed', false), body('balanced', false)]);

    const plain: Target = { name: 'Quarry speed, JSON', server: service, body: body('speed', false), stream: false, target: '<= 2.0 ms' };
    const streamed: Target = { name: 'Quarry speed, NDJSON stream', server: service, body: body('speed', true), stream: true, target: '<= 2.0 ms' };
    const balanced: Target = { name: 'Quarry balanced, JSON', server: service, body: body('balanced', false), stream: false, target: '<= 3.0 ms' };
    const baseline: Target = { name: 'bare Fastify + undici, JSON', server: bare, body: body('speed', false), stream: false };

    for (const target of [baseline, plain, streamed, balanced]) await load(target, 10, WARMUP_MS);

    const rows: Row[] = [];
    for (const [connections, targets] of [
      [10, [baseline, plain, streamed, balanced]],
      [50, [baseline, plain, streamed]],
    ] as const) {
      const results = await medianRounds(targets, connections);
      const base = results.get(baseline)!;
      for (const target of targets) {
        const result = results.get(target)!;
        const vsBare = target !== baseline;
        rows.push({
          benchmark: 'search',
          case: `c=${connections} ${target.name}`,
          'req/s': result.requestsPerSec,
          'p50 ms': result.p50Ms,
          'p99 ms': result.p99Ms,
          errors: result.errors,
          'CPU ms/search': result.cpuMsPerRequest,
          'req/s vs bare': vsBare ? ratio(result.requestsPerSec, base.requestsPerSec) : '',
          'CPU vs bare': vsBare ? ratio(result.cpuMsPerRequest, base.cpuMsPerRequest) : '',
          target: target.target ?? '',
        });
      }
    }
    rows.push({ benchmark: 'search', case: `upstream calls per search: ${upstreamCalls}` });
    return rows;
  } finally {
    for (const process of started.reverse()) await process.stop();
  }
}

function load(target: Target, connections: number, durationMs: number): Promise<ClosedLoopResult> {
  const options: ClosedLoopOptions = {
    url: `${target.server.url}/api/search`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: target.body,
    connections,
    durationMs,
    serverCpuMs: () => target.server.cpuMs(),
    complete: target.stream ? (text) => text.endsWith('{"type":"done"}\n') : (text) => text.startsWith('{"message"'),
  };
  return closedLoop(options);
}

/** Rounds interleaved across targets; req/s, latency and CPU per search are each their median. */
async function medianRounds(targets: readonly Target[], connections: number): Promise<Map<Target, ClosedLoopResult>> {
  const runs = new Map<Target, ClosedLoopResult[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) runs.get(target)!.push(await load(target, connections, ROUND_MS));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return new Map(
    [...runs].map(([target, results]) => [
      target,
      {
        requestsPerSec: median(results.map((r) => r.requestsPerSec)),
        p50Ms: median(results.map((r) => r.p50Ms)),
        p99Ms: median(results.map((r) => r.p99Ms)),
        completed: results.reduce((sum, r) => sum + r.completed, 0),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
        cpuMsPerRequest: median(results.map((r) => r.cpuMsPerRequest)),
      },
    ]),
  );
}

async function openAiProviderId(origin: string): Promise<string> {
  const { providers } = (await (await fetch(`${origin}/api/providers`)).json()) as {
    providers: Array<{ id: string; chatModels: Array<{ key: string }>; embeddingModels: Array<{ key: string }> }>;
  };
  const provider = providers.find(
    (p) => p.chatModels.some((m) => m.key === 'bench-fast') && p.embeddingModels.some((m) => m.key === 'bench-embed'),
  );
  if (!provider) throw new Error('the fake OpenAI-compatible provider is not listed by /api/providers');
  return provider.id;
}

/** What one search of each body asks of the upstreams, e.g. "speed: search 1, embeddings 1, chat 1". */
async function callsPerSearch(service: string, upstream: string, bodies: readonly string[]): Promise<string> {
  const counts: string[] = [];
  await fetch(`${upstream}/__calls`);
  for (const body of bodies) {
    const res = await fetch(`${service}/api/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (!res.ok) throw new Error(`search answered ${res.status}: ${await res.text()}`);
    await res.text();
    const calls = (await (await fetch(`${upstream}/__calls`)).json()) as Record<string, number>;
    const mode = (JSON.parse(body) as { optimizationMode: string }).optimizationMode;
    counts.push(
      `${mode}: search ${calls['/search'] ?? 0}, embeddings ${calls['/v1/embeddings'] ?? 0}, chat ${calls['/v1/chat/completions'] ?? 0}`,
    );
  }
  return counts.join('; ');
}
