import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { closedLoop } from '../support/closed-loop';
import { startService, type RunningProcess } from '../support/processes';
import type { Row } from '../support/report';
import { BENCH_SERVICE_ENV } from './bench-env';

// 10,000 pages of about 5 KB (50 MB) by default; BENCH_DOCUMENTS_PAGES=500 for a quick look.
const PAGES = Number(process.env.BENCH_DOCUMENTS_PAGES ?? 10_000);
const SEARCH_MS = Number(process.env.BENCH_DOCUMENTS_SEARCH_SECONDS ?? 10) * 1000;
const UPLOAD_CONCURRENCY = 8;
const BATCH_FILES = 500;
// BENCH_DOCUMENTS_ENGINES=postgresql (or embedded) runs one engine only, for a quicker look.
const ENGINES = (process.env.BENCH_DOCUMENTS_ENGINES ?? 'postgresql,embedded').split(',');
const QUERY = 'replica lease recovery';
const WORDS = (
  'the a of replica lease recovery index search chunk vector store file upload handbook runbook ' +
  'postgres embedded engine migration failover promote standby pooler schema query token ' +
  'language stemming ranking citation owner caller bearer ingestion queue worker'
).split(' ');

/**
 * npm run bench documents: ingest PAGES Markdown pages through /v1/files and file batches, then
 * search the chunks at 10 concurrent callers, on PostgreSQL (DATABASE_URL, or a database created
 * on 127.0.0.1:5432) and on the embedded engine, with the built-in embedding model; beside psql's
 * floor, the same full-text query straight on the database at 10 concurrent clients.
 */
export async function documentsBench(): Promise<Row[]> {
  const rows: Row[] = [];
  const postgres = ENGINES.includes('postgresql') ? await benchDatabase() : undefined;
  if (postgres) {
    try {
      rows.push(...(await engineRows('PostgreSQL', { DATABASE_URL: postgres.url }, postgres.url)));
    } catch (error) {
      console.error('bench documents: PostgreSQL run failed:', error);
    } finally {
      await postgres.drop();
    }
  } else if (ENGINES.includes('postgresql')) {
    console.log('bench documents: no PostgreSQL at DATABASE_URL or 127.0.0.1:5432; embedded only');
  }
  if (!ENGINES.includes('embedded')) return rows;
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-documents-'));
  try {
    rows.push(...(await engineRows('embedded', { DATA_DIR: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function engineRows(
  engine: string,
  env: Record<string, string>,
  databaseUrl?: string,
): Promise<Row[]> {
  const service = await startService({
    ...BENCH_SERVICE_ENV,
    ...env,
    // The service's defaults unless the bench is asked for another concurrency.
    ...(process.env.INGESTION_CONCURRENCY
      ? { INGESTION_CONCURRENCY: process.env.INGESTION_CONCURRENCY }
      : {}),
  });
  try {
    const rssBefore = rssMb(service.pid);
    const cpuBefore = service.cpuMs();
    const started = performance.now();
    const { storeId, uploaded } = await ingest(service);
    const seconds = (performance.now() - started) / 1000;
    const uploadSeconds = (uploaded.at - started) / 1000;
    const perPage = (ms: number) => Math.round((ms / PAGES) * 100) / 100;
    const rssAfterIngest = rssMb(service.pid);
    const search = await closedLoop({
      url: `${service.url}/v1/vector_stores/${storeId}/search`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY, max_num_results: 10 }),
      connections: 10,
      durationMs: SEARCH_MS,
      serverCpuMs: () => service.cpuMs(),
    });
    const rows: Row[] = [
      {
        benchmark: 'documents',
        case: `${engine}: ingest ${PAGES} pages`,
        'pages/s': Math.round(PAGES / seconds),
        's total': Math.round(seconds * 10) / 10,
        // The uploads (8 at a time), then the rest: batches added, ingested, waited for.
        'upload pages/s': Math.round(PAGES / uploadSeconds),
        'ingest pages/s': Math.round(PAGES / (seconds - uploadSeconds)),
        // The service's own CPU in each, which the machine's load inflates less than time.
        'CPU ms/page upload': perPage(uploaded.cpuMs - cpuBefore),
        'CPU ms/page ingest': perPage(service.cpuMs() - uploaded.cpuMs),
        'RSS MiB before': rssBefore,
        'RSS MiB after': rssAfterIngest,
        'peak RSS MiB': service.peakRssMb(),
        target: engine === 'PostgreSQL' ? '>= 200 pages/s' : '',
      },
      {
        benchmark: 'documents',
        case: `${engine}: search, c=10`,
        'req/s': search.requestsPerSec,
        'p50 ms': search.p50Ms,
        'p99 ms': search.p99Ms,
        errors: search.errors,
        'CPU ms/search': search.cpuMsPerRequest,
        target: engine === 'PostgreSQL' ? 'p99 <= 50 ms' : '',
      },
    ];
    if (databaseUrl) rows.push(await psqlFloor(databaseUrl));
    return rows;
  } finally {
    await service.stop();
  }
}

/**
 * Uploads every page (UPLOAD_CONCURRENCY at a time), adds them in batches, waits for all; says
 * when the uploads were done and the service's CPU time then.
 */
async function ingest(
  service: RunningProcess,
): Promise<{ storeId: string; uploaded: { at: number; cpuMs: number } }> {
  const { url } = service;
  const store = (await post(url, '/v1/vector_stores', { name: 'bench' })) as { id: string };
  const ids: string[] = [];
  let next = 0;
  const uploader = async () => {
    while (next < PAGES) {
      const index = next++;
      const form = new FormData();
      form.append('purpose', 'assistants');
      form.append('file', new Blob([page(index)]), `page-${index}.md`);
      const res = await fetch(`${url}/v1/files`, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`upload ${index}: ${res.status} ${await res.text()}`);
      ids[index] = ((await res.json()) as { id: string }).id;
    }
  };
  await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, uploader));
  const uploaded = { at: performance.now(), cpuMs: service.cpuMs() };
  const batches: string[] = [];
  for (let start = 0; start < ids.length; start += BATCH_FILES) {
    const batch = (await post(url, `/v1/vector_stores/${store.id}/file_batches`, {
      file_ids: ids.slice(start, start + BATCH_FILES),
    })) as { id: string };
    batches.push(batch.id);
  }
  for (;;) {
    const counts = (
      (await (await fetch(`${url}/v1/vector_stores/${store.id}`)).json()) as {
        file_counts: { in_progress: number; failed: number };
      }
    ).file_counts;
    if (counts.in_progress === 0) {
      if (counts.failed > 0) console.log(`bench documents: ${counts.failed} files failed`);
      return { storeId: store.id, uploaded };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A page of about 5 KB: a title, three sections of pseudo-random prose from a small vocabulary. */
function page(index: number): string {
  let seed = index * 2654435761;
  const word = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return WORDS[seed % WORDS.length];
  };
  const paragraph = () => Array.from({ length: 80 }, word).join(' ') + '.';
  const section = (n: number) => `## Section ${n}\n\n${paragraph()}\n\n${paragraph()}\n`;
  return `# Page ${index}\n\n${[1, 2, 3].map(section).join('\n')}`;
}

async function post(url: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The floor: the service's full-text candidate query run straight on PostgreSQL, 10 clients. */
async function psqlFloor(databaseUrl: string): Promise<Row> {
  const clients = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const client = new Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    }),
  );
  const latencies: number[] = [];
  const deadline = performance.now() + SEARCH_MS;
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < deadline) {
          const sent = performance.now();
          await client.query(
            `SELECT c.id, ts_rank_cd(c.tsv, w.q, 32) AS rank FROM chunks c
           CROSS JOIN (SELECT replace(websearch_to_tsquery('english', $1)::text, ' & ', ' | ')::tsquery AS q) w
           WHERE c.language = 'english'::regconfig AND c.tsv @@ w.q ORDER BY rank DESC LIMIT 100`,
            [QUERY],
          );
          latencies.push(performance.now() - sent);
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) /
    100;
  return {
    benchmark: 'documents',
    case: 'psql floor: the same full-text query, c=10',
    'req/s': Math.round(latencies.length / (SEARCH_MS / 1000)),
    'p50 ms': at(0.5),
    'p99 ms': at(0.99),
  };
}

/** The process's resident memory now, in MiB (Linux). */
function rssMb(pid: number): number {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const status = (require('node:fs') as typeof import('node:fs')).readFileSync(
      `/proc/${pid}/status`,
      'utf8',
    );
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** DATABASE_URL, or a throw-away database on the local server; undefined when there is none. */
async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (process.env.DATABASE_URL)
    return { url: process.env.DATABASE_URL, drop: () => Promise.resolve() };
  const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `quarry_bench_${process.pid}`;
  try {
    await withClient(admin, (client) => client.query(`CREATE DATABASE ${name}`));
  } catch {
    return undefined;
  }
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: () =>
      withClient(admin, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
