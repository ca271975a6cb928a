/** What the evaluation needs of a question: its words, its conversation and its judged documents. */
export interface GroundingQuestion {
  readonly id: string;
  readonly question: string;
  readonly history?: ReadonlyArray<readonly ['human' | 'assistant', string]>;
  /** Documents that answer it; empty for a question with no answer in the corpus. */
  readonly relevant: readonly string[];
}
import {
  CUTOFF,
  citationMarkers,
  ndcgAt,
  rankedDocs,
  recallAt,
  saysNothingFound,
} from './grounding-metrics';
import { isBuiltinReply } from '../src/providers/builtin/builtin-replies';

export type EvalMode = 'speed' | 'balanced' | 'quality';
export type EvalKind = 'web' | 'academic' | 'discussions' | 'local';

/** The chat and embedding model a run asks with. */
export interface EvalModels {
  readonly providerId: string;
  readonly chat: string;
  readonly embedding: string;
}

/** What POST /api/search answered (only the parts the evaluation reads). */
export interface SearchReply {
  readonly message: string;
  readonly sources: ReadonlyArray<{ readonly metadata: { readonly url: string } }>;
  /** Set by the evaluation when the service did not answer in time (scored as no sources). */
  readonly timedOut?: boolean;
}

/** The POST /api/search body that asks one question (with the built-in models by default). */
export function searchRequestBody(
  providerId: string,
  question: GroundingQuestion,
  mode: EvalMode,
  kind: EvalKind,
  models: EvalModels = { providerId, chat: 'extractive', embedding: 'hashing' },
): Record<string, unknown> {
  return {
    chatModel: { providerId: models.providerId, key: models.chat },
    embeddingModel: { providerId: models.providerId, key: models.embedding },
    sources: [kind],
    optimizationMode: mode,
    query: question.question,
    ...(question.history ? { history: question.history } : {}),
  };
}

export type AskFn = (
  question: GroundingQuestion,
  mode: EvalMode,
  kind: EvalKind,
) => Promise<SearchReply>;

export interface QuestionOutcome {
  readonly id: string;
  readonly docs: string[];
  /** The document of each source of the reply, in order (undefined: not a corpus page). */
  readonly sourceDocs?: Array<string | undefined>;
  readonly recall: number;
  /** Recall over every source of the reply (a baseline shows CUTOFF). */
  readonly recallAll: number;
  readonly ndcg: number;
  readonly nothingFound: boolean;
  readonly sourceCount: number;
  readonly message?: string;
  readonly citations?: { readonly total: number; readonly valid: number };
  readonly timedOut?: boolean;
}

export interface RowScores {
  readonly label: string;
  readonly recall: number;
  readonly recallAll: number;
  readonly ndcg: number;
  readonly answerable: number;
  /** Answerable questions answered "nothing found" (undefined for a baseline: it writes no answer). */
  readonly falseNothingFound?: number;
  readonly noAnswer: number;
  /** No-answer questions answered "nothing found". */
  readonly noAnswerHandled?: number;
  /** Mean number of sources returned for no-answer questions. */
  readonly noAnswerSources: number;
  readonly citations?: { readonly total: number; readonly valid: number };
  /** Answerable questions answered with no source although the backend had results for them. */
  readonly emptyDespiteResults?: number;
  /** Questions the service did not answer within the evaluation's time limit. */
  readonly timedOut: number;
  readonly outcomes: QuestionOutcome[];
}

/** Runs every question once through `ask` (a few at a time) and scores the replies. */
export async function evaluateRun(
  label: string,
  questions: readonly GroundingQuestion[],
  ask: (question: GroundingQuestion) => Promise<SearchReply>,
  docIdOf: (url: string) => string | undefined,
  concurrency = 2,
): Promise<RowScores> {
  const replies = new Array<SearchReply>(questions.length);
  let next = 0;
  const worker = async () => {
    while (next < questions.length) {
      const index = next++;
      replies[index] = await ask(questions[index]);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const outcomes = questions.map((question, i) => {
    const reply = replies[i];
    return {
      ...outcome(
        question,
        reply.sources.map((s) => docIdOf(s.metadata.url)),
        reply.message,
      ),
      citations: citationMarkers(reply.message, reply.sources.length),
      sourceDocs: reply.sources.map((s) => docIdOf(s.metadata.url)),
      ...(reply.timedOut ? { timedOut: true } : {}),
    };
  });
  return summarise(label, questions, outcomes);
}

/** Scores an engine's own order (no answer written): recall and nDCG only. */
export async function evaluateBaseline(
  label: string,
  questions: readonly GroundingQuestion[],
  rank: (question: GroundingQuestion) => Promise<Array<string | undefined>>,
): Promise<RowScores> {
  const outcomes: QuestionOutcome[] = [];
  for (const question of questions) outcomes.push(outcome(question, await rank(question)));
  const row = summarise(label, questions, outcomes);
  return { ...row, falseNothingFound: undefined, noAnswerHandled: undefined };
}

function outcome(
  question: GroundingQuestion,
  docIds: Array<string | undefined>,
  message?: string,
): QuestionOutcome {
  const docs = rankedDocs(docIds);
  const shown = message === undefined ? CUTOFF : Infinity;
  return {
    id: question.id,
    docs,
    recall: recallAt(docs, question.relevant),
    recallAll: recallAt(rankedDocs(docIds, shown), question.relevant),
    ndcg: ndcgAt(docs, question.relevant),
    nothingFound: message !== undefined && saysNothingFound(message),
    sourceCount: Math.min(docIds.length, shown),
    ...(message !== undefined ? { message } : {}),
  };
}

/** The scores of a row from its questions' outcomes (in the same order). */
export function summarise(
  label: string,
  questions: readonly GroundingQuestion[],
  outcomes: QuestionOutcome[],
): RowScores {
  const answerable = outcomes.filter((_, i) => questions[i].relevant.length > 0);
  const noAnswer = outcomes.filter((_, i) => questions[i].relevant.length === 0);
  const mean = (values: number[]) =>
    values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
  return {
    label,
    recall: mean(answerable.map((o) => o.recall)),
    recallAll: mean(answerable.map((o) => o.recallAll)),
    ndcg: mean(answerable.map((o) => o.ndcg)),
    answerable: answerable.length,
    falseNothingFound: answerable.filter((o) => o.nothingFound).length,
    noAnswer: noAnswer.length,
    noAnswerHandled: noAnswer.filter((o) => o.nothingFound).length,
    noAnswerSources: mean(noAnswer.map((o) => o.sourceCount)),
    timedOut: outcomes.filter((o) => o.timedOut).length,
    ...(outcomes.some((o) => o.citations)
      ? {
          citations: {
            total: sum(outcomes.map((o) => o.citations?.total ?? 0)),
            valid: sum(outcomes.map((o) => o.citations?.valid ?? 0)),
          },
        }
      : {}),
    outcomes,
  };
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The Markdown table docs/grounding.md shows. */
export function formatTable(rows: readonly RowScores[]): string {
  const lines = [
    '| run | recall@8 | nDCG@8 | recall, all sources | answerable answered "nothing found" | answerable with no source, backend had results | no-answer answered as such | sources on no-answer questions (mean) | [n] markers in range |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const cites = row.citations
      ? row.citations.total === 0
        ? 'n/a (none)'
        : `${((100 * row.citations.valid) / row.citations.total).toFixed(0)}% (${row.citations.valid}/${row.citations.total})`
      : '';
    const ofAnswerable = (n: number | undefined) =>
      n === undefined ? '' : `${n} of ${row.answerable}`;
    lines.push(
      `| ${row.label}${row.timedOut ? ` (${row.timedOut} timed out)` : ''} | ${row.recall.toFixed(2)} | ${row.ndcg.toFixed(2)} | ${row.recallAll.toFixed(2)} | ${ofAnswerable(
        row.falseNothingFound,
      )} | ${ofAnswerable(row.emptyDespiteResults)} | ${
        row.noAnswerHandled === undefined ? '' : `${row.noAnswerHandled} of ${row.noAnswer}`
      } | ${row.noAnswerSources.toFixed(1)} | ${cites} |`,
    );
  }
  return lines.join('\n');
}

/** One line per question of a row (recall, nDCG, source count, flags, first documents). */
export function formatDetails(
  row: RowScores,
  questions: readonly GroundingQuestion[],
  answers: boolean,
): string {
  const lines = [`\n### ${row.label}`];
  row.outcomes.forEach((o, i) => {
    const q = questions[i];
    const flag =
      o.message === undefined
        ? ''
        : q.relevant.length === 0
          ? o.nothingFound
            ? 'NA-ok'
            : 'NA-MISS'
          : o.nothingFound
            ? 'FALSE-NF'
            : '';
    lines.push(
      `${o.id.padEnd(28)} r=${o.recall.toFixed(2)} n=${o.ndcg.toFixed(2)} src=${o.sourceCount} ${flag} ${o.docs.slice(0, 5).join(', ')}`,
    );
    if (answers && o.message) lines.push(`   > ${o.message.slice(0, 400)}`);
  });
  return `${lines.join('\n')}\n`;
}

/**
 * How the built-in model's answers (the rows of its three modes) quote: of the answers to answerable
 * questions that quote sources holding an answering document, how many cite that document, and
 * first; and how many answers point at the closest sources instead of quoting.
 */
export function formatAnswerQuotes(
  rows: ReadonlyArray<{
    readonly row: RowScores;
    readonly questions: readonly GroundingQuestion[];
  }>,
): string {
  let quoting = 0;
  let cited = 0;
  let first = 0;
  let pointers = 0;
  let answers = 0;
  for (const { row, questions } of rows) {
    if (!/: (?:speed|balanced|quality)$/.test(row.label)) continue;
    row.outcomes.forEach((o, i) => {
      const relevant = new Set(questions[i].relevant);
      if (relevant.size === 0 || o.message === undefined || o.nothingFound) return;
      answers++;
      if (isBuiltinReply(o.message)) {
        pointers++;
        return;
      }
      const docs = [...o.message.matchAll(/\[(\d+)\]/g)].map((m) => o.sourceDocs?.[+m[1] - 1]);
      if (docs.length === 0 || !o.sourceDocs?.some((doc) => doc && relevant.has(doc))) return;
      quoting++;
      if (docs.some((doc) => doc && relevant.has(doc))) cited++;
      if (docs[0] && relevant.has(docs[0])) first++;
    });
  }
  return (
    `Built-in answers (speed, balanced, quality): of ${quoting} quoting sources that hold an ` +
    `answering document, ${cited} cite it and ${first} cite it first; ${pointers} of ${answers} ` +
    `answers to answerable questions point at the closest sources instead.`
  );
}
