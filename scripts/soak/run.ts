import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { SOAK_TOKEN, startSoakUpstreams } from './soak-upstreams';

/**
 * npm run soak: the production build under SOAK_MINUTES (default 10) of mixed traffic on 127.0.0.1:
 * searches plain and streamed (some streams dropped by the client at a random point), proxy calls,
 * connector calls to a receiver that fails at random. Reports request counts, outcomes by kind,
 * RSS (from /proc) and V8 heap (sampled inside the service over IPC) at start and end.
 */
const ROOT = join(__dirname, '..', '..', '..');
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const DURATION_MS = MINUTES * 60_000;
const WARMUP_MS = Math.min(60_000, DURATION_MS / 5);
const WINDOW_MS = Math.min(60_000, DURATION_MS / 5);

interface MemorySample {
  readonly at: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly rss: number;
}

type Kind = 'search' | 'stream' | 'proxy' | 'connector';
const MIX: Array<[Kind, number]> = [
  ['search', 0.3],
  ['stream', 0.25],
  ['proxy', 0.25],
  ['connector', 0.2],
];

const requests: Record<Kind, number> = { search: 0, stream: 0, proxy: 0, connector: 0 };
/** Outcome per kind, e.g. "200", "200 done", "client dropped", "502", "transport ECONNRESET". */
const outcomes = new Map<string, number>();
const unexpected = new Map<string, number>();

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

async function main(): Promise<void> {
  console.log('soak: building the service (production build)');
  execFileSync(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const upstreams = await startSoakUpstreams();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const samples: MemorySample[] = [];
  const service = spawn(
    process.execPath,
    ['-r', join(__dirname, 'memory-reporter.js'), join(ROOT, 'dist', 'main.js')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        HOST: '127.0.0.1',
        PORT: String(port),
        SEARXNG_URL: upstreams.searxng,
        DISCOVER_SVC_URL: upstreams.sibling,
        AUTH_SERVICE_URL: upstreams.auth,
        AUTH_REQUIRED: 'true',
        RATE_LIMIT_MAX: '0',
        // Eight clients share one token: the per-caller search cap would refuse some by design.
        SEARCH_MAX_CONCURRENT_PER_CLIENT: '0',
        CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_MAX_RETRIES: '1',
        WEBHOOK_RETRY_DELAY_MS: '50',
        WEBHOOK_TIMEOUT_MS: '2000',
        PROVIDER_STARTUP_WAIT_MS: '1000',
        ...(process.env.SOAK_REDIS_URL ? { REDIS_URL: process.env.SOAK_REDIS_URL } : {}),
      },
    },
  );
  service.on('message', (message: MemorySample & { kind?: string }) => {
    if (message.kind === 'memory') samples.push(message);
  });
  try {
    await waitForHealth(base, service);
    const auth = { authorization: `Bearer ${SOAK_TOKEN}` };
    const providers = (await (await fetch(`${base}/api/providers`, { headers: auth })).json()) as {
      providers: Array<{ id: string; chatModels: Array<{ key: string }> }>;
    };
    const builtin = providers.providers.find((p) =>
      p.chatModels.some((m) => m.key === 'extractive'),
    );
    if (!builtin) throw new Error('the built-in provider is not listed');
    const models = {
      chatModel: { providerId: builtin.id, key: 'extractive' },
      embeddingModel: { providerId: builtin.id, key: 'hashing' },
    };
    const startRss = rssOf(service.pid!);
    const started = Date.now();
    const deadline = started + DURATION_MS;
    console.log(
      `soak: ${MINUTES} min, ${CONCURRENCY} concurrent clients against ${base} (pid ${service.pid})`,
    );
    const progress = setInterval(() => {
      const total = Object.values(requests).reduce((a, b) => a + b, 0);
      const last = samples.at(-1);
      console.log(
        `soak: ${Math.round((Date.now() - started) / 1000)} s, ${total} requests, RSS ${mb(rssOf(service.pid!))} MiB, heap ${last ? mb(last.heapUsed) : '?'} MiB`,
      );
    }, 60_000);
    let n = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < deadline) await oneRequest(base, auth, models, upstreams.receiver, n++);
      }),
    );
    clearInterval(progress);
    const endRss = rssOf(service.pid!);
    report(started, startRss, endRss, samples);
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) => service.once('exit', resolve));
    await upstreams.close();
  }
}

async function oneRequest(
  base: string,
  auth: Record<string, string>,
  models: object,
  receiver: string,
  n: number,
): Promise<void> {
  const kind = pick();
  requests[kind]++;
  const json = { ...auth, 'content-type': 'application/json' };
  // Every 10th query repeats, so the cache both fills and hits.
  const query = `soak question ${n % 10 === 0 ? 'repeat' : n} about caching and limits`;
  try {
    if (kind === 'search') {
      const res = await fetch(`${base}/api/search`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ...models, sources: n % 2 ? ['web'] : ['local'], query }),
      });
      await res.arrayBuffer();
      record(kind, String(res.status), res.status === 200);
    } else if (kind === 'stream') {
      const abort = new AbortController();
      const dropAfterLines = Math.random() < 0.3 ? 1 + Math.floor(Math.random() * 3) : Infinity;
      const res = await fetch(`${base}/api/search`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ...models, sources: ['web', 'local'], query, stream: true }),
        signal: abort.signal,
      });
      let text = '';
      let lines = 0;
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          text += Buffer.from(chunk).toString('utf8');
          lines = text.split('\n').length - 1;
          if (lines >= dropAfterLines) {
            abort.abort();
            break;
          }
        }
      } catch (error) {
        if (!abort.signal.aborted) throw error;
      }
      if (abort.signal.aborted) record(kind, 'client dropped', true);
      else
        record(
          kind,
          `${res.status}${text.endsWith('{"type":"done"}\n') ? ' done' : ' no done'}`,
          text.endsWith('{"type":"done"}\n'),
        );
    } else if (kind === 'proxy') {
      const res = await fetch(`${base}/api/v1/discover/items/${n}?page=${n % 5}`, {
        headers: auth,
      });
      await res.arrayBuffer();
      record(kind, String(res.status), res.status === 200);
    } else {
      const res = await fetch(`${base}/api/connectors/webhook/actions/post`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ url: `${receiver}/hook/${n}`, body: { n }, secret: 'soak-secret' }),
      });
      await res.arrayBuffer();
      // 502 is the documented answer when every attempt failed (the receiver fails at random).
      record(kind, String(res.status), res.status === 200 || res.status === 502);
    }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    record(kind, `transport ${cause}`, false);
  }
}

function record(kind: Kind, outcome: string, expected: boolean): void {
  count(outcomes, `${kind} ${outcome}`);
  if (!expected) count(unexpected, `${kind} ${outcome}`);
}

function pick(): Kind {
  let roll = Math.random();
  for (const [kind, weight] of MIX) {
    if ((roll -= weight) < 0) return kind;
  }
  return 'search';
}

function report(started: number, startRss: number, endRss: number, samples: MemorySample[]): void {
  const warm = started + WARMUP_MS;
  const end = samples.at(-1)?.at ?? Date.now();
  // The lowest heap in a window is the heap right after a collection: what is really retained.
  const floor = (from: number, to: number) =>
    Math.min(...samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.heapUsed));
  const startHeap = floor(warm, warm + WINDOW_MS);
  const endHeap = floor(end - WINDOW_MS, end);
  const total = Object.values(requests).reduce((a, b) => a + b, 0);
  const result = {
    minutes: MINUTES,
    concurrency: CONCURRENCY,
    requests: { total, ...requests },
    outcomes: Object.fromEntries([...outcomes].sort()),
    unexpected: Object.fromEntries([...unexpected].sort()),
    memory: {
      rssStartMiB: mb(startRss),
      rssEndMiB: mb(endRss),
      heapAfterWarmupMiB: mb(startHeap),
      heapEndMiB: mb(endHeap),
      heapGrowthPercent: Math.round(((endHeap - startHeap) / startHeap) * 1000) / 10,
      samples: samples.length,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  const dir = join(ROOT, 'dist-soak', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`soak: result written to ${file}`);
  const failed = result.memory.heapGrowthPercent >= 10 || unexpected.size > 0;
  console.log(
    failed
      ? 'soak: FAILED (heap growth >= 10% after warm-up, or unexpected outcomes)'
      : 'soak: passed',
  );
  process.exitCode = failed ? 1 : 0;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

function mb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('service did not become healthy within 30 s');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
