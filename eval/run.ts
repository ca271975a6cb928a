/**
 * `npm run eval`: the grounding evaluation. Builds the corpus from documentation shipped in
 * node_modules, serves it through a SearxNG-speaking backend on 127.0.0.1, starts the production
 * build (dist/main.js) pointed at it (SEARXNG_URL) and at the corpus folder (LOCAL_DOCS_DIR), asks
 * every question over HTTP with the built-in models in each mode and source kind, and prints the
 * table of docs/grounding.md. No network beyond 127.0.0.1.
 *
 *   npm run eval                                  # everything
 *   npm run eval -- --modes speed --kinds web     # a slice
 *   npm run eval -- --only fy-hooks,na-git --verbose
 *   npm run eval -- --probe                       # the probe's questions instead (probe-questions.ts)
 */
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfigType } from '@nestjs/config';
import { freePort } from '../scripts/support/free-port';
import type { ReadinessRegistry } from '../src/health/readiness.registry';
import { LocalDocsIndex } from '../src/search/local/local-docs.index';
import type { searchConfig } from '../src/search/search.config';
import { buildCorpus, docIdOf, type CorpusDoc } from './corpus/corpus-docs';
import { CorpusSearxServer } from './corpus/corpus-searx.server';
import {
  evaluateBaseline,
  evaluateRun,
  formatTable,
  searchRequestBody,
  type EvalKind,
  type EvalMode,
  type RowScores,
  type SearchReply,
} from './grounding-evaluation';
import { GROUNDING_QUESTIONS, type GroundingQuestion } from './grounding-questions';
import { PROBE_QUESTIONS } from './probe-questions';

const ROOT = join(__dirname, '..', '..');
const OUT = join(ROOT, 'dist-eval');

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  const modes = (option('modes') ?? 'speed,balanced,quality').split(',') as EvalMode[];
  const kinds = (option('kinds') ?? 'web,local').split(',') as EvalKind[];
  const only = option('only')?.split(',');
  const verbose = process.argv.includes('--verbose');
  const asked = process.argv.includes('--probe') ? PROBE_QUESTIONS : GROUNDING_QUESTIONS;
  const questions = asked.filter((q) => !only || only.includes(q.id));

  const corpusDir = join(OUT, 'corpus');
  await rm(corpusDir, { recursive: true, force: true });
  await mkdir(corpusDir, { recursive: true });
  const docs = await buildCorpus(ROOT, corpusDir);
  checkJudgements(docs, asked);
  const corpus = await CorpusSearxServer.start(docs);
  const base = corpus.url;
  const toDoc = (url: string) => docIdOf(url, base);
  const service = await startService({
    SEARXNG_URL: base,
    LOCAL_DOCS_DIR: corpusDir,
    LOCAL_DOCS_BASE_URL: base,
    SEARCH_PAGE_ALLOW_PRIVATE: 'true',
  });
  try {
    const builtin = await builtinProviderId(service.url);
    const rows: RowScores[] = [];
    if (kinds.includes('web')) {
      rows.push(
        await evaluateBaseline("web: backend's own order (literal question)", questions, (q) =>
          Promise.resolve(corpus.search(q.question).map((r) => toDoc(r.url))),
        ),
      );
    }
    if (kinds.includes('local')) {
      const index = localIndex(corpusDir, base);
      rows.push(
        await evaluateBaseline(
          "local: index's own BM25 order (literal question)",
          questions,
          async (q) => (await index.search(q.question, 20)).map((r) => toDoc(r.url)),
        ),
      );
    }
    for (const kind of kinds) {
      for (const mode of modes) {
        const started = Date.now();
        const row = await evaluateRun(
          `${kind}: ${mode}`,
          questions,
          (q) => ask(service.url, builtin, q, mode, kind),
          toDoc,
        );
        rows.push(row);
        process.stderr.write(`eval: ${kind} ${mode} done in ${Date.now() - started} ms\n`);
      }
    }
    if (verbose) printDetails(rows, questions);
    const table = formatTable(rows);
    process.stdout.write(`${table}\n`);
    await writeFile(join(OUT, 'grounding-results.json'), JSON.stringify(rows, null, 2));
  } finally {
    await service.stop();
    await corpus.close();
  }
}

/** Every judged document exists, and the first one still holds the evidence phrase. */
function checkJudgements(
  docs: readonly CorpusDoc[],
  questions: readonly GroundingQuestion[],
): void {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const problems: string[] = [];
  for (const q of questions) {
    for (const id of q.relevant) if (!byId.has(id)) problems.push(`${q.id}: no document ${id}`);
    const first = byId.get(q.relevant[0] ?? '');
    if (q.evidence && first && !q.evidence.test(first.markdown)) {
      problems.push(`${q.id}: ${first.id} no longer says ${q.evidence}`);
    }
  }
  if (problems.length > 0) throw new Error(`judgements out of date:\n${problems.join('\n')}`);
}

function localIndex(dir: string, baseUrl: string): LocalDocsIndex {
  const config = {
    localDocs: { dir, baseUrl, maxFiles: 20_000, maxFileBytes: 5 * 1024 * 1024 },
  } as unknown as ConfigType<typeof searchConfig>;
  return new LocalDocsIndex(config, { register: () => undefined } as unknown as ReadinessRegistry);
}

async function ask(
  url: string,
  providerId: string,
  q: GroundingQuestion,
  mode: EvalMode,
  kind: EvalKind,
): Promise<SearchReply> {
  const res = await fetch(`${url}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(searchRequestBody(providerId, q, mode, kind)),
  });
  if (!res.ok)
    throw new Error(`${q.id} (${mode}, ${kind}): HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as SearchReply;
}

async function builtinProviderId(url: string): Promise<string> {
  const body = (await (await fetch(`${url}/api/providers`)).json()) as {
    providers: Array<{ id: string; chatModels: Array<{ key: string }> }>;
  };
  const builtin = body.providers.find((p) => p.chatModels.some((m) => m.key === 'extractive'));
  if (!builtin) throw new Error('the built-in provider is not listed');
  return builtin.id;
}

/** The production build on a free port, with only the settings given (no keys, no .env). */
async function startService(
  env: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    cwd: OUT, // not the project root, so a developer's .env does not leak in
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      AUTH_REQUIRED: 'false',
      RATE_LIMIT_MAX: '1000000',
      SEARCH_MAX_CONCURRENT_PER_CLIENT: '64',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dist/main.js exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the service did not become ready in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function printDetails(rows: readonly RowScores[], questions: readonly GroundingQuestion[]): void {
  for (const row of rows) {
    process.stderr.write(`\n## ${row.label}\n`);
    row.outcomes.forEach((o, i) => {
      const q = questions[i];
      const flag =
        q.relevant.length === 0
          ? o.nothingFound
            ? 'NA-ok'
            : 'NA-MISS'
          : o.nothingFound
            ? 'FALSE-NF'
            : '';
      process.stderr.write(
        `${o.id.padEnd(20)} r=${o.recall.toFixed(2)} n=${o.ndcg.toFixed(2)} src=${o.sourceCount} ${flag} ${o.docs.slice(0, 5).join(', ')}\n`,
      );
      if (o.message && process.argv.includes('--answers'))
        process.stderr.write(`   > ${o.message.slice(0, 400)}\n`);
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`eval failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
