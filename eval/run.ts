/**
 * `npm run eval`: the grounding evaluation (docs/grounding.md). Reads Debian documentation
 * packages, serves them through search engines on 127.0.0.1 (eval/corpus/corpus-engines.server.ts)
 * behind a real searx 1.1 (Debian's package, run as a child process), starts the production build
 * (dist/main.js) pointed at searx and at the local copy of the corpus, and asks every question
 * over HTTP in its own source kind: with the built-in models in each mode, and with an
 * OpenAI-compatible fake provider (lexical embeddings, a chat that echoes its input) in speed
 * mode. Prints the dev half and the test half; per-question lines only for the dev half.
 * No network beyond 127.0.0.1.
 *
 *   npm run eval                                          # everything (~10 min on 2 cores)
 *   npm run eval -- --kinds discussions --modes speed     # a slice
 *   npm run eval -- --providers builtin --verbose         # dev half question by question
 *   npm run eval -- --only d-slow-inserts --answers       # one question, with its answer
 *   npm run eval -- --home-made                           # the earlier evaluation (CI subset)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bagOfWordsVector, FakeOpenAiServer } from '../test/fakes/fake-openai.server';
import { CorpusEnginesServer } from './corpus/corpus-engines.server';
import {
  buildDebianCorpus,
  debianDocIdOf,
  DEBIAN_PACKAGES,
  missingPackages,
  type DebianDoc,
} from './corpus/debian-corpus';
import { SearxProcess } from './corpus/searx.process';
import { JUDGEMENTS } from './debian/judgements';
import { splitHalves, type Half } from './debian/question-split';
import { QUESTIONS, type EvalQuestion } from './debian/questions';
import {
  evaluateBaseline,
  evaluateRun,
  formatDetails,
  formatAnswerQuotes,
  formatTable,
  searchRequestBody,
  summarise,
  type EvalKind,
  type EvalMode,
  type EvalModels,
  type GroundingQuestion,
  type RowScores,
  type SearchReply,
} from './grounding-evaluation';
import { localIndex, startService } from './quarry-service';
import { runHomeMade } from './run-home-made';

const OUT = join(__dirname, '..', '..', 'dist-eval');

/** What Quarry sends searx per source kind with its default settings (src/search/search.config.ts). */
const SEARX_PARAMS: Record<Exclude<EvalKind, 'local'>, Record<string, string>> = {
  web: { categories: 'general' },
  academic: { engines: 'arxiv,google scholar,pubmed' },
  discussions: { engines: 'reddit' },
};

type Provider = 'builtin' | 'openai';

/**
 * A question not answered in this time counts as answered without sources and is reported as
 * timed out, so one pathological page cannot stall the run.
 */
const ANSWER_TIMEOUT_MS = Number(process.env.EVAL_ANSWER_TIMEOUT_MS ?? 60_000);

interface Options {
  readonly kinds: EvalKind[];
  readonly modes: EvalMode[];
  readonly providers: Provider[];
  readonly only?: string[];
  readonly verbose: boolean;
  readonly showTest: boolean;
  readonly answers: boolean;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

function options(): Options {
  return {
    kinds: (option('kinds') ?? 'web,academic,discussions,local').split(',') as EvalKind[],
    modes: (option('modes') ?? 'speed,balanced,quality').split(',') as EvalMode[],
    providers: (option('providers') ?? 'builtin,openai').split(',') as Provider[],
    only: option('only')?.split(','),
    verbose: process.argv.includes('--verbose'),
    showTest: process.argv.includes('--show-test'),
    answers: process.argv.includes('--answers'),
  };
}

async function main(): Promise<void> {
  const missing = missingPackages();
  if (missing.length > 0) {
    process.stderr.write(
      `eval: missing Debian packages: ${missing.join(', ')}.\nInstall them with:\n` +
        `  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${DEBIAN_PACKAGES.join(' ')}\n`,
    );
    process.exit(2);
  }
  const opts = options();
  const halves = splitHalves(QUESTIONS);
  const questions = QUESTIONS.filter(
    (q) => opts.kinds.includes(q.kind) && (!opts.only || opts.only.includes(q.id)),
  );
  const unjudged = questions.filter((q) => JUDGEMENTS[q.id] === undefined && !q.noAnswer);
  if (unjudged.length > 0) {
    process.stderr.write(`eval: ${unjudged.length} questions not judged yet, left out\n`);
  }
  const judged = questions.filter((q) => !unjudged.includes(q));

  const started = Date.now();
  // A folder per run, so two runs in one checkout do not rebuild each other's local copy.
  await mkdir(OUT, { recursive: true });
  const runDir = await mkdtemp(join(OUT, 'run-'));
  const localDir = join(runDir, 'local');
  const corpus = await buildDebianCorpus(localDir);
  checkJudgements(corpus.docs);
  const engines = await CorpusEnginesServer.start(corpus);
  const stack: Array<() => Promise<void>> = [
    () => rm(runDir, { recursive: true, force: true }),
    () => engines.close(),
  ];
  try {
    const searx = await SearxProcess.start(engines.url, join(runDir, 'searx'));
    stack.push(() => searx.stop());
    const model = await FakeOpenAiServer.start({ reply: echoSources, embed: bagOfWordsVector });
    stack.push(() => model.close());
    const service = await startService({
      SEARXNG_URL: searx.url,
      LOCAL_DOCS_DIR: localDir,
      LOCAL_DOCS_BASE_URL: `${engines.url}/local/`,
      SEARCH_PAGE_ALLOW_PRIVATE: 'true',
      OPENAI_API_KEY: 'sk-eval',
      OPENAI_BASE_URL: model.baseURL,
    });
    stack.push(() => service.stop());
    process.stderr.write(
      `eval: corpus, engines, searx and service up in ${Date.now() - started} ms\n`,
    );

    const ids = new Set(corpus.docs.map((doc) => doc.id));
    const toDoc = (url: string) => debianDocIdOf(url, engines.url, ids);
    const providers = await providerIds(service.url);
    const rows: EvalRow[] = [];
    for (const kind of opts.kinds) {
      const asked = judged.filter((q) => q.kind === kind).map(withJudgement);
      if (asked.length === 0) continue;
      const baseline = await evaluateBaseline(
        kind === 'local'
          ? "local: index's own BM25 order (literal question)"
          : `${kind}: searx's own order (literal question)`,
        asked,
        kind === 'local'
          ? localBaseline(localDir, `${engines.url}/local/`, toDoc)
          : async (q) =>
              (await searx.search(q.question, SEARX_PARAMS[kind])).map((r) => toDoc(r.url)),
      );
      rows.push({ row: baseline, questions: asked });
      const hadResults = new Set(
        baseline.outcomes.filter((o) => o.sourceCount > 0).map((o) => o.id),
      );
      for (const provider of opts.providers) {
        const models: EvalModels =
          provider === 'builtin'
            ? { providerId: providers.builtin, chat: 'extractive', embedding: 'hashing' }
            : {
                providerId: providers.openai,
                chat: 'gpt-4o-mini',
                embedding: 'text-embedding-3-small',
              };
        // The fake provider shows where sources come from; one mode is enough for that.
        for (const mode of provider === 'builtin' ? opts.modes : opts.modes.slice(0, 1)) {
          const at = Date.now();
          const row = await evaluateRun(
            `${kind}: ${mode}${provider === 'openai' ? ', OpenAI-compatible fake' : ''}`,
            asked,
            (q) => ask(service.url, q, mode, kind, models),
            toDoc,
          );
          const empty = new Set(
            row.outcomes
              .filter(
                (o, i) =>
                  asked[i].relevant.length > 0 && o.sourceCount === 0 && hadResults.has(o.id),
              )
              .map((o) => o.id),
          );
          rows.push({ row: { ...row, emptyDespiteResults: empty.size }, questions: asked, empty });
          process.stderr.write(`eval: ${row.label} done in ${Date.now() - at} ms\n`);
        }
      }
    }
    report(rows, halves, opts);
    await writeFile(
      join(OUT, 'grounding-results.json'),
      JSON.stringify(
        rows.map((r) => r.row),
        null,
        2,
      ),
    );
  } finally {
    for (const stop of stack.reverse()) await stop();
  }
}

interface EvalRow {
  readonly row: RowScores;
  readonly questions: GroundingQuestion[];
  /** Answerable questions answered with no source although searx had results (not for baselines). */
  readonly empty?: ReadonlySet<string>;
}

function withJudgement(q: EvalQuestion): GroundingQuestion {
  return { ...q, relevant: q.noAnswer ? [] : (JUDGEMENTS[q.id] ?? []) };
}

/** Every judged document exists in the corpus built from the installed packages. */
function checkJudgements(docs: readonly DebianDoc[]): void {
  const ids = new Set(docs.map((doc) => doc.id));
  const problems = Object.entries(JUDGEMENTS).flatMap(([question, relevant]) =>
    relevant.filter((id) => !ids.has(id)).map((id) => `${question}: no document ${id}`),
  );
  if (problems.length > 0) throw new Error(`judgements out of date:\n${problems.join('\n')}`);
}

/** Tables for each half; question lines for the dev half (and the test half only when asked). */
function report(rows: readonly EvalRow[], halves: ReadonlyMap<string, Half>, opts: Options): void {
  for (const half of ['dev', 'test'] as const) {
    const halfRows = rows.map(({ row, questions, empty }) => {
      const keep = questions.map((q) => halves.get(q.id) === half);
      const kept = questions.filter((_, i) => keep[i]);
      const scores = summarise(
        row.label,
        kept,
        row.outcomes.filter((_, i) => keep[i]),
      );
      return {
        questions: kept,
        row: {
          ...scores,
          // A baseline writes no answer: these columns stay empty for it.
          ...(empty
            ? { emptyDespiteResults: kept.filter((q) => empty.has(q.id)).length }
            : { falseNothingFound: undefined, noAnswerHandled: undefined }),
        },
      };
    });
    const table = formatTable(halfRows.map((r) => r.row));
    process.stdout.write(
      `\n## ${half} half\n\n${table}\n\n${formatTargets(halfRows.map((r) => r.row))}\n\n${formatAnswerQuotes(halfRows)}\n`,
    );
    if (half === 'dev' ? opts.verbose : opts.showTest) {
      for (const { row, questions } of halfRows) {
        process.stderr.write(formatDetails(row, questions, opts.answers));
      }
    }
  }
}

/**
 * Issue 33's targets per source kind, read off one half's rows: speed against the backend's
 * order (x1.3 wanted), the order of the modes, and answerable questions left without sources.
 */
function formatTargets(rows: readonly RowScores[]): string {
  const lines = ['Targets (issue 33), built-in models:'];
  const kinds = [...new Set(rows.map((row) => row.label.split(':')[0]))];
  for (const kind of kinds) {
    const find = (suffix: string) => rows.find((row) => row.label.startsWith(`${kind}: ${suffix}`));
    const baseline = rows.find((row) => row.label.startsWith(kind) && row.label.includes('own'));
    const [speed, balanced, quality] = ['speed', 'balanced', 'quality'].map((mode) =>
      rows.find((row) => row.label === `${kind}: ${mode}`),
    );
    if (!baseline || !speed) continue;
    const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : `x${(a / b).toFixed(2)}`);
    const ordered =
      balanced && quality
        ? quality.recall >= balanced.recall &&
          balanced.recall >= speed.recall &&
          quality.ndcg >= balanced.ndcg &&
          balanced.ndcg >= speed.ndcg
          ? 'yes'
          : 'no'
        : 'not run';
    const empty = [speed, balanced, quality, find('speed, OpenAI')]
      .map((row) => row?.emptyDespiteResults ?? 0)
      .reduce((a, b) => a + b, 0);
    lines.push(
      `- ${kind}: speed vs backend recall ${ratio(speed.recall, baseline.recall)}, nDCG ${ratio(
        speed.ndcg,
        baseline.ndcg,
      )}; quality >= balanced >= speed: ${ordered}; answerable without sources (all rows): ${empty}`,
    );
  }
  return lines.join('\n');
}

function localBaseline(
  dir: string,
  baseUrl: string,
  toDoc: (url: string) => string | undefined,
): (q: GroundingQuestion) => Promise<Array<string | undefined>> {
  const index = localIndex(dir, baseUrl);
  return async (q) => (await index.search(q.question, 20)).map((r) => toDoc(r.url));
}

/** The fake chat model's answer: it cites the first source and repeats what it was given. */
function echoSources(request: { body: { messages?: Array<{ content?: unknown }> } }): string {
  const text = (request.body.messages ?? [])
    .map((m) => (typeof m.content === 'string' ? m.content : ''))
    .join(' ');
  return `From the sources [1]: ${text.replace(/\s+/g, ' ').slice(0, 300)}`;
}

async function ask(
  url: string,
  q: GroundingQuestion,
  mode: EvalMode,
  kind: EvalKind,
  models: EvalModels,
): Promise<SearchReply> {
  try {
    const res = await fetch(`${url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(searchRequestBody(models.providerId, q, mode, kind, models)),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    if (!res.ok) {
      throw new Error(`${q.id} (${mode}, ${kind}): HTTP ${res.status} ${await res.text()}`);
    }
    return (await res.json()) as SearchReply;
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error;
    process.stderr.write(`eval: ${q.id} (${kind}, ${mode}) timed out\n`);
    return { message: '', sources: [], timedOut: true };
  }
}

async function providerIds(url: string): Promise<{ builtin: string; openai: string }> {
  const body = (await (await fetch(`${url}/api/providers`)).json()) as {
    providers: Array<{ id: string; name: string; chatModels: Array<{ key: string }> }>;
  };
  const builtin = body.providers.find((p) => p.chatModels.some((m) => m.key === 'extractive'));
  const openai = body.providers.find((p) => /openai/i.test(p.name));
  if (!builtin || !openai) throw new Error('the built-in or the OpenAI provider is not listed');
  return { builtin: builtin.id, openai: openai.id };
}

if (process.argv.includes('--home-made')) {
  runHomeMade();
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`eval failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
