/**
 * `npm run eval -- --home-made`: the earlier grounding evaluation, kept for the CI subset
 * (test/grounding.e2e-spec.ts) and for comparison; `npm run eval` runs eval/run.ts. Builds the corpus from documentation shipped in
 * node_modules, serves it through a SearxNG-speaking backend on 127.0.0.1, starts the production
 * build (dist/main.js) pointed at it (SEARXNG_URL) and at the corpus folder (LOCAL_DOCS_DIR), asks
 * every question over HTTP with the built-in models in each mode and source kind, and prints the
 * table of docs/grounding.md. No network beyond 127.0.0.1.
 *
 *   npm run eval -- --home-made                                  # everything
 *   npm run eval -- --home-made --modes speed --kinds web        # a slice
 *   npm run eval -- --home-made --probe     # the probe's questions instead (probe-questions.ts)
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCorpus, docIdOf, type CorpusDoc } from './corpus/corpus-docs';
import { CorpusSearxServer } from './corpus/corpus-searx.server';
import {
  evaluateBaseline,
  evaluateRun,
  formatDetails,
  formatTable,
  searchRequestBody,
  type EvalKind,
  type EvalMode,
  type RowScores,
  type SearchReply,
} from './grounding-evaluation';
import { GROUNDING_QUESTIONS, type GroundingQuestion } from './grounding-questions';
import { PROBE_QUESTIONS } from './probe-questions';
import { localIndex, startService } from './quarry-service';

const ROOT = join(__dirname, '..', '..');
const OUT = join(ROOT, 'dist-eval');

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  const modes = (option('modes') ?? 'speed,balanced,quality').split(',') as EvalMode[];
  const kinds = (option('kinds') ?? 'web,local').split(',') as Array<'web' | 'local'>;
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

function printDetails(rows: readonly RowScores[], questions: readonly GroundingQuestion[]): void {
  for (const row of rows) {
    process.stderr.write(formatDetails(row, questions, process.argv.includes('--answers')));
  }
}

export function runHomeMade(): void {
  main().catch((error: unknown) => {
    process.stderr.write(`eval failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
