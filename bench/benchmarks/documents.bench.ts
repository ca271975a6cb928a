import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { throwAwayPostgresSchema } from '../../test/utils/throw-away-postgres-schema';
import { closedLoop } from '../support/closed-loop';
import {
  documentationPage,
  TYPICAL_QUERIES,
  WORST_CASE_QUERY,
} from '../support/documentation-corpus';
import { startService, type RunningProcess } from '../support/processes';
import type { Row } from '../support/report';
import { BENCH_SERVICE_ENV } from './bench-env';
import { searchFloor } from './documents-search-floor';

// 10,000 pages of about 5 KB (50 MB) by default; BENCH_DOCUMENTS_PAGES=500 for a quick look.
const PAGES = Number(process.env.BENCH_DOCUMENTS_PAGES ?? 10_000);
const SEARCH_MS = Number(process.env.BENCH_DOCUMENTS_SEARCH_SECONDS ?? 10) * 1000;
/** Which engines to measure: postgresql, embedded or both (comma-separated). */
const ENGINES = (process.env.BENCH_DOCUMENTS_ENGINES ?? 'postgresql,embedded').split(',');
/** Keeps the PostgreSQL schema after the run (its URL is printed), to EXPLAIN queries on it. */
const KEEP_SCHEMA = process.env.BENCH_DOCUMENTS_KEEP_SCHEMA === '1';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const UPLOAD_CONCURRENCY = 8;
const BATCH_FILES = 500;
const CALLERS = 10;

/**
 * npm run bench documents: ingest PAGES Markdown pages (see documentation-corpus) through
 * /v1/files and file batches, then search the chunks at 10 concurrent callers, on PostgreSQL
 * (a throw-away schema of DATABASE_URL, or of the server on 127.0.0.1:5432) and on the embedded
 * engine, with the built-in embedding model: typical queries in turn, then the stated worst case.
 * Beside them, psql's floor: the service's own search statement straight on PostgreSQL.
 */
export async function documentsBench(): Promise<Row[]> {
  const rows: Row[] = [];
  if (ENGINES.includes('postgresql')) rows.push(...(await postgresRows()));
  if (ENGINES.includes('embedded')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-documents-'));
    try {
      rows.push(...(await engineRows('embedded', { DATA_DIR: dataDir })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

async function postgresRows(): Promise<Row[]> {
  const base = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  const schema = await throwAwayPostgresSchema(base, 'quarry_bench').catch(() => undefined);
  if (!schema) {
    console.log(`bench documents: no PostgreSQL at ${base}; embedded only`);
    return [];
  }
  try {
    return await engineRows('PostgreSQL', { DATABASE_URL: schema.url }, schema.url);
  } catch (error) {
    console.error('bench documents: PostgreSQL run failed:', error);
    return [];
  } finally {
    if (KEEP_SCHEMA) console.log(`bench documents: schema kept at ${schema.url}`);
    else await schema.drop();
  }
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
    ];
    for (const [kind, queries] of QUERY_KINDS) {
      const search = await closedLoop({
        url: `${service.url}/v1/vector_stores/${storeId}/search`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        bodies: queries.map((query) => JSON.stringify({ query, max_num_results: 10 })),
        connections: CALLERS,
        durationMs: SEARCH_MS,
        serverCpuMs: () => service.cpuMs(),
      });
      rows.push({
        benchmark: 'documents',
        case: `${engine}: search, ${kind}, c=${CALLERS}`,
        'req/s': search.requestsPerSec,
        'p50 ms': search.p50Ms,
        'p99 ms': search.p99Ms,
        errors: search.errors,
        'CPU ms/search': search.cpuMsPerRequest,
        'RSS MiB after': rssMb(service.pid),
        target: engine === 'PostgreSQL' && kind === 'typical queries' ? 'p99 <= 50 ms' : '',
      });
      if (databaseUrl) {
        const floor = await searchFloor(databaseUrl, storeId, queries, CALLERS, SEARCH_MS);
        rows.push({
          benchmark: 'documents',
          case: `psql floor: the service's statement, ${kind}, c=${CALLERS}`,
          'req/s': floor.requestsPerSec,
          'p50 ms': floor.p50Ms,
          'p99 ms': floor.p99Ms,
          'chunks matched %': floor.matchedPercent,
        });
      }
    }
    return rows;
  } finally {
    await service.stop();
  }
}

const QUERY_KINDS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['typical queries', TYPICAL_QUERIES],
  [`worst case "${WORST_CASE_QUERY}"`, [WORST_CASE_QUERY]],
];

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
      form.append('file', new Blob([documentationPage(index)]), `page-${index}.md`);
      const res = await fetch(`${url}/v1/files`, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`upload ${index}: ${res.status} ${await res.text()}`);
      ids[index] = ((await res.json()) as { id: string }).id;
    }
  };
  await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, uploader));
  const uploaded = { at: performance.now(), cpuMs: service.cpuMs() };
  for (let start = 0; start < ids.length; start += BATCH_FILES) {
    await post(url, `/v1/vector_stores/${store.id}/file_batches`, {
      file_ids: ids.slice(start, start + BATCH_FILES),
    });
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

async function post(url: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The process's resident memory now, in MiB (Linux). */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}
