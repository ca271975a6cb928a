import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCorpus, docIdOf } from '../eval/corpus/corpus-docs';
import { CorpusSearxServer } from '../eval/corpus/corpus-searx.server';
import {
  evaluateBaseline,
  evaluateRun,
  searchRequestBody,
  type EvalKind,
  type EvalMode,
  type SearchReply,
} from '../eval/grounding-evaluation';
import { GROUNDING_QUESTIONS } from '../eval/grounding-questions';
import { startTestApp, type TestApp } from './utils/test-app';

/**
 * A fixed slice of `npm run eval` (see docs/grounding.md), so that a ranking, planning or
 * relevance-floor regression fails CI: built-in models over the corpus of documentation shipped
 * in node_modules, through the SearxNG-speaking corpus backend and the local source.
 */
const SUBSET = [
  'fy-validate',
  'fy-middleware',
  'fy-lts',
  'pn-rotate',
  'pn-express',
  'un-mock',
  'un-socks',
  'un-snapshot',
  'un-pool',
  'fu-redact-remove',
  'fy-inject',
  'pn-multi',
  'fy-encapsulation',
  'na-flexbox',
  'na-pytorch',
  'na-git',
  'na-django',
];
/** A little under what the subset scores today (web speed 0.91 / 0.84, local speed 0.92 / 0.90). */
const MIN_RECALL = 0.8;
const MIN_NDCG = 0.7;
const BACKEND_MARGIN = 0.03;

describe('grounding: ranking and answers over the evaluation corpus (e2e)', () => {
  const questions = GROUNDING_QUESTIONS.filter((q) => SUBSET.includes(q.id));
  let dir: string;
  let corpus: CorpusSearxServer;
  let t: TestApp;
  let providerId: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-grounding-'));
    corpus = await CorpusSearxServer.start(await buildCorpus(join(__dirname, '..'), dir));
    t = await startTestApp({
      env: {
        SEARXNG_URL: corpus.url,
        SEARXNG_FALLBACK_URLS: undefined,
        SEARCH_SVC_URL: undefined,
        REDIS_URL: undefined,
        OPENAI_BASE_URL: undefined,
        OPENAI_API_KEY: undefined,
        OLLAMA_BASE_URL: undefined,
        ANTHROPIC_API_KEY: undefined,
        GEMINI_API_KEY: undefined,
        PROVIDERS_FILE: undefined,
        LOCAL_DOCS_DIR: dir,
        LOCAL_DOCS_BASE_URL: corpus.url,
        RATE_LIMIT_MAX: '100000',
      },
    });
    const providers = (await t.app.inject({ method: 'GET', url: '/api/providers' })).json()
      .providers as Array<{ id: string; chatModels: Array<{ key: string }> }>;
    providerId = providers.find((p) => p.chatModels.some((m) => m.key === 'extractive'))!.id;
  });
  afterAll(async () => {
    await t?.close();
    await corpus?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const run = (mode: EvalMode, kind: EvalKind, asked = questions) =>
    evaluateRun(
      `${kind} ${mode}`,
      asked,
      async (q) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/search',
          payload: searchRequestBody(providerId, q, mode, kind),
        });
        expect(res.statusCode).toBe(200);
        return res.json() as SearchReply;
      },
      (url) => docIdOf(url, corpus.url),
    );

  it.each([
    ['speed', 'web'],
    ['balanced', 'web'],
    ['speed', 'local'],
    ['balanced', 'local'],
  ] as Array<[EvalMode, EvalKind]>)(
    '%s mode over %s finds the judged pages and says when there is nothing',
    async (mode, kind) => {
      const row = await run(mode, kind);
      expect(row.recall).toBeGreaterThanOrEqual(MIN_RECALL);
      expect(row.ndcg).toBeGreaterThanOrEqual(MIN_NDCG);
      // Every answerable question of the subset is answered (fy-inject's and pn-multi's excerpts
      // hold no whole sentence that answers them: the built-in model points at the closest
      // source; pn-multi's excerpts never say "stdout", but most of them name pino;
      // fy-encapsulation's never say "sibling", but one holds most of its other words; un-pool's
      // subject is named by few excerpts but by the addresses of most; un-snapshot's excerpt
      // answers it in the text before its ellipsis). na-django must not be answered from excerpts
      // about database migrations that never name Django.
      expect(row.falseNothingFound).toBe(0);
      expect(row.noAnswerHandled).toBe(row.noAnswer);
      expect(row.citations!.valid).toBe(row.citations!.total);
      if (kind === 'web') {
        // Not worse than what a client of the backend sees in its own order: on the whole
        // evaluation speed is above it (0.71 vs 0.66); the margin keeps one judged page of the
        // subset from failing it.
        const backend = await evaluateBaseline('backend', questions, (q) =>
          Promise.resolve(corpus.search(q.question).map((r) => docIdOf(r.url, corpus.url))),
        );
        expect(row.recall).toBeGreaterThanOrEqual(backend.recall - BACKEND_MARGIN);
      }
    },
  );
});
