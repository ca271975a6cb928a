import type { GroundingQuestion } from './grounding-questions';
import {
  CUTOFF,
  citationMarkers,
  ndcgAt,
  rankedDocs,
  recallAt,
  saysNothingFound,
} from './grounding-metrics';

export type EvalMode = 'speed' | 'balanced' | 'quality';
export type EvalKind = 'web' | 'local';

/** What POST /api/search answered (only the parts the evaluation reads). */
export interface SearchReply {
  readonly message: string;
  readonly sources: ReadonlyArray<{ readonly metadata: { readonly url: string } }>;
}

/** The POST /api/search body that asks one question with the built-in models. */
export function searchRequestBody(
  providerId: string,
  question: GroundingQuestion,
  mode: EvalMode,
  kind: EvalKind,
): Record<string, unknown> {
  return {
    chatModel: { providerId, key: 'extractive' },
    embeddingModel: { providerId, key: 'hashing' },
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
  readonly recall: number;
  readonly ndcg: number;
  readonly nothingFound: boolean;
  readonly sourceCount: number;
  readonly message?: string;
}

export interface RowScores {
  readonly label: string;
  readonly recall: number;
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
  let total = 0;
  let valid = 0;
  const outcomes = questions.map((question, i) => {
    const reply = replies[i];
    const markers = citationMarkers(reply.message, reply.sources.length);
    total += markers.total;
    valid += markers.valid;
    return outcome(
      question,
      reply.sources.map((s) => docIdOf(s.metadata.url)),
      reply.message,
    );
  });
  return { ...summarise(label, questions, outcomes), citations: { total, valid } };
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
  return {
    id: question.id,
    docs,
    recall: recallAt(docs, question.relevant),
    ndcg: ndcgAt(docs, question.relevant),
    nothingFound: message !== undefined && saysNothingFound(message),
    sourceCount: Math.min(docIds.length, message === undefined ? CUTOFF : Infinity),
    ...(message !== undefined ? { message } : {}),
  };
}

function summarise(
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
    ndcg: mean(answerable.map((o) => o.ndcg)),
    answerable: answerable.length,
    falseNothingFound: answerable.filter((o) => o.nothingFound).length,
    noAnswer: noAnswer.length,
    noAnswerHandled: noAnswer.filter((o) => o.nothingFound).length,
    noAnswerSources: mean(noAnswer.map((o) => o.sourceCount)),
    outcomes,
  };
}

/** The Markdown table docs/grounding.md shows. */
export function formatTable(rows: readonly RowScores[]): string {
  const lines = [
    '| run | recall@8 | nDCG@8 | answerable answered "nothing found" | no-answer answered "nothing found" | sources on no-answer questions (mean) | [n] markers in range |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const cites = row.citations
      ? row.citations.total === 0
        ? 'n/a (none)'
        : `${((100 * row.citations.valid) / row.citations.total).toFixed(0)}% (${row.citations.valid}/${row.citations.total})`
      : '';
    lines.push(
      `| ${row.label} | ${row.recall.toFixed(2)} | ${row.ndcg.toFixed(2)} | ${
        row.falseNothingFound === undefined ? '' : `${row.falseNothingFound} of ${row.answerable}`
      } | ${row.noAnswerHandled === undefined ? '' : `${row.noAnswerHandled} of ${row.noAnswer}`} | ${row.noAnswerSources.toFixed(1)} | ${cites} |`,
    );
  }
  return lines.join('\n');
}
