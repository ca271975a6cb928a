import { Observable } from 'rxjs';
import { ModelCallAbortedError } from '../adapters/model-call-error.mapper';
import type {
  ChatCallOptions,
  ChatChunk,
  ChatCompletion,
  ChatMessage,
  ChatModel,
} from '../model.ports';
import { parseNumberedSources, type NumberedSource } from '../numbered-sources.format';
import { closestSourcesSentence, NO_SOURCES, NOTHING_RELEVANT } from './builtin-replies';
import { leansOnPrevious } from './leans-on-previous';
import { isFollowUpQuestion } from './follow-up-detection';
import { followUpQuestions } from './follow-up-questions';
import { QuestionCoverage } from './question-coverage';
import { cosine } from './hashing-vectorizer';
import { scoreSentences } from './sentence-relevance';
import {
  codeIdentifiers,
  contentWordsOf,
  detectLanguage,
  isProse,
  namesIdentifier,
  sentencesOf,
  stemOf,
  wordsOf,
} from '../../text';

const SENTENCES_BY_MODE = { speed: 4, balanced: 6, quality: 9 } as const;
/** Below this relevance a sentence is not worth quoting, however few others there are. */
const MIN_RELEVANCE = 0.12;
/** The best sentence must contain at least this (IDF-weighted) share of the question's words... */
const MIN_COVERAGE = 0.2;
/** ...and every other at least this share of what the best one covers. */
const RELATIVE_COVERAGE = 0.5;
/** Sentences far weaker than the best one are padding: this share of the best is the floor. */
const RELATIVE_FLOOR = 0.35;
/** Above this cosine to an already chosen sentence a candidate is a near-duplicate. */
const MAX_REDUNDANCY = 0.7;
/**
 * How much less a sentence counts for each source ranked above its own: the sources come in the
 * order search ranked them with the request's embedding model, which judges what a page is about
 * better than the words one sentence shares with the question.
 */
const SOURCE_RANK_DISCOUNT = 0.15;
/** Maximal marginal relevance: how much relevance counts against novelty. */
const MMR_LAMBDA = 0.75;
/** A sentence whose content words are nearly all the question's own only repeats the question. */
const MIN_NOVELTY = 0.25;

export { NO_SOURCES, NOTHING_RELEVANT } from './builtin-replies';

interface Candidate {
  readonly text: string;
  readonly title: string;
  readonly source: number; // 1-based number of its source
  readonly position: number; // order within its source
}

/**
 * The built-in offline chat model: an extractive summariser. It reads the numbered sources from
 * the system message(s) (formatNumberedSources format) and the question from the last user
 * message, keeps the sentences that read as prose (no code, commands, table rows or markup),
 * scores them against the question (see scoreSentences), picks the best with maximal marginal
 * relevance (near-duplicates dropped; a source that search ranked lower counts less), and writes
 * each followed by the [n] of its own source, grouped by source in the sources' own order of
 * sentences, so the answer is in the sources' own language and cites only sources it was given.
 * With json: true (the search planner) it returns {"queries": [...]} rewritten from the last user
 * message.
 * Deterministic: the same messages and options give the same output.
 */
export class ExtractiveChatModel implements ChatModel {
  readonly extractiveOnly = true;

  constructor(
    readonly providerId: string,
    readonly providerName: string,
    readonly key: string,
  ) {}

  stream(messages: readonly ChatMessage[], options?: ChatCallOptions): Observable<ChatChunk> {
    return new Observable<ChatChunk>((subscriber) => {
      if (options?.signal?.aborted) {
        subscriber.error(new ModelCallAbortedError('the model call was cancelled'));
        return;
      }
      for (const text of endedAtStop(this.answerPieces(messages, options), options?.stop)) {
        if (subscriber.closed || options?.signal?.aborted) return;
        subscriber.next({ text });
      }
      subscriber.complete();
    });
  }

  complete(messages: readonly ChatMessage[], options?: ChatCallOptions): Promise<ChatCompletion> {
    if (options?.signal?.aborted) {
      return Promise.reject(new ModelCallAbortedError('the model call was cancelled'));
    }
    return Promise.resolve({
      text: endedAtStop(this.answerPieces(messages, options), options?.stop).join(''),
    });
  }

  /** The answer as the pieces it is streamed in: one cited sentence each. */
  private answerPieces(messages: readonly ChatMessage[], options?: ChatCallOptions): string[] {
    if (options?.purpose === 'follow-up-questions') {
      return [JSON.stringify({ questions: followUpQuestions(messages) })];
    }
    const asked = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    if (options?.json) return [JSON.stringify({ queries: searchQueries(messages, asked) })];

    const sources = sourcesIn(messages);
    const question = withConversationSubject(messages, asked);
    const language = detectLanguage(wordsOf(question));
    if (sources.length === 0) return [NO_SOURCES[language]];
    const coverage = new QuestionCoverage(question, language, sources);
    if (coverage.missesSubject()) return [nothingRelevant(sources)];
    const count = SENTENCES_BY_MODE[options?.optimizationMode ?? 'balanced'];
    const chosen = pickSentences(question, sources, count, language === 'en');
    if (chosen.length === 0) {
      const closest = closestSources(coverage);
      if (closest.length > 0 && language === 'en') {
        return [
          closestSourcesSentence(
            closest.map((number) => ({ number, title: sources[number - 1].title })),
          ),
        ];
      }
      return [nothingRelevant(sources)];
    }
    return chosen.map((candidate, index) => {
      const cited = withCitation(candidate.text, candidate.source);
      return index === chosen.length - 1 ? cited : `${cited} `;
    });
  }
}

/** The pieces up to the first stop sequence (which is left out), as OpenAI ends at `stop`. */
function endedAtStop(pieces: string[], stop: readonly string[] | undefined): string[] {
  if (!stop?.length) return pieces;
  const text = pieces.join('');
  const at = Math.min(...stop.map((sequence) => text.indexOf(sequence)).filter((i) => i !== -1));
  if (!Number.isFinite(at)) return pieces;
  const kept: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    if (length + piece.length >= at) {
      if (at > length) kept.push(piece.slice(0, at - length));
      break;
    }
    kept.push(piece);
    length += piece.length;
  }
  return kept;
}

/** Sources from the system messages (where the pipeline puts them), else from any message. */
function sourcesIn(messages: readonly ChatMessage[]): NumberedSource[] {
  for (const role of ['system', 'user', 'assistant'] as const) {
    for (const message of messages) {
      if (message.role !== role) continue;
      const sources = parseNumberedSources(message.content);
      if (sources.length > 0) return sources;
    }
  }
  return [];
}

function pickSentences(
  question: string,
  sources: NumberedSource[],
  count: number,
  english: boolean,
): Candidate[] {
  const questionStems = new Set(contentWordsOf(question).map((word) => stemOf(word)));
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  sources.forEach((source, index) => {
    sentencesOf(source.content, { title: source.title }).forEach((text, position) => {
      const key = text.toLowerCase();
      if (seen.has(key) || !isProse(text) || !isNew(text, questionStems)) return;
      seen.add(key);
      candidates.push({ text, title: source.title, source: index + 1, position });
    });
  });
  if (candidates.length === 0) return [];
  const scores = scoreSentences(question, candidates);
  const best = Math.max(...scores.map((score) => score.relevance));
  const floor = Math.max(MIN_RELEVANCE, RELATIVE_FLOOR * best);
  const bestCoverage = Math.max(...scores.map((score) => score.coverage));
  if (bestCoverage < MIN_COVERAGE) return [];
  // Relative, so that each part of a question about several things can be answered.
  const coverageFloor = RELATIVE_COVERAGE * bestCoverage;
  // A sentence that names an identifier the question names (asyncio.gather, --no-ff) is about
  // exactly what is asked; one about a neighbour (asyncio.wait_for) only shares its words.
  const identifiers = codeIdentifiers(question);
  const naming = candidates.map((candidate) =>
    identifiers.some((identifier) => namesIdentifier(candidate.text, identifier)),
  );
  const eligible = candidates
    .map((_, i) => i)
    .filter(
      (i) =>
        (scores[i].relevance >= floor && scores[i].coverage >= coverageFloor) ||
        (naming[i] && scores[i].relevance > 0),
    );

  // Which sentences may be quoted is their own relevance; which come first, also their source's rank.
  const ranked = scores.map(
    (score, i) => score.relevance / (1 + SOURCE_RANK_DISCOUNT * (candidates[i].source - 1)),
  );
  const chosen: number[] = [];
  while (chosen.length < count) {
    let pick = -1;
    let pickScore = -Infinity;
    for (const i of eligible) {
      if (chosen.includes(i)) continue;
      const redundancy = Math.max(
        0,
        ...chosen.map((j) => cosine(scores[i].vector, scores[j].vector)),
      );
      if (redundancy > MAX_REDUNDANCY) continue;
      const score = (naming[i] ? 1 : 0) + MMR_LAMBDA * ranked[i] - (1 - MMR_LAMBDA) * redundancy;
      if (score > pickScore) {
        pick = i;
        pickScore = score;
      }
    }
    if (pick === -1) break;
    chosen.push(pick);
  }
  // The sentence that answers best first; then those naming the question's identifiers; then a
  // coherent reading order: sources in the order of their best sentence, each source's sentences
  // in the order it has them.
  if (chosen.length === 0) return [];
  const [first, ...rest] = chosen;
  // A first sentence that leans on the one before it ("Hence the values are not unique.") is
  // preceded by that one, where its source has it as prose.
  const lead =
    english && leansOnPrevious(candidates[first].text)
      ? candidates.findIndex(
          (c) =>
            c.source === candidates[first].source && c.position === candidates[first].position - 1,
        )
      : -1;
  const rankOfSource = new Map<number, number>();
  chosen.forEach((i, rank) => {
    if (!rankOfSource.has(candidates[i].source)) rankOfSource.set(candidates[i].source, rank);
  });
  const others = rest
    .filter((i) => i !== lead)
    .sort(
      (a, b) =>
        Number(naming[b]) - Number(naming[a]) ||
        rankOfSource.get(candidates[a].source)! - rankOfSource.get(candidates[b].source)! ||
        candidates[a].position - candidates[b].position,
    );
  // The sentence led in takes the place of the last one, so the answer keeps the mode's length.
  if (lead !== -1 && !chosen.includes(lead) && chosen.length >= count) others.pop();
  return [...(lead === -1 ? [] : [lead]), first, ...others].map((i) => candidates[i]);
}

/** At most this many sources are pointed at when no sentence of them can be quoted. */
const MAX_POINTED_SOURCES = 2;

/** "Nothing relevant", in the language the sources are written in. */
function nothingRelevant(sources: NumberedSource[]): string {
  return NOTHING_RELEVANT[detectLanguage(wordsOf(sources.map((s) => s.content).join(' ')))];
}

/**
 * When no sentence of the sources can be quoted (search excerpts are often lists or cut text),
 * the sources that hold most of the question, so the answer points at them instead of claiming
 * nothing relevant was found: the sources were already judged to be about the question.
 */
function closestSources(coverage: QuestionCoverage): number[] {
  const scores = coverage.bySource();
  const best = Math.max(0, ...scores);
  if (best === 0) return [];
  return scores
    .map((score, index) => ({ score, number: index + 1 }))
    .filter((entry) => entry.score >= RELATIVE_COVERAGE * best)
    .sort((a, b) => b.score - a.score || a.number - b.number)
    .slice(0, MAX_POINTED_SOURCES)
    .map((entry) => entry.number)
    .sort((a, b) => a - b);
}

/** Whether a sentence says more than the question: enough of its content words are not the question's. */
function isNew(sentence: string, questionStems: ReadonlySet<string>): boolean {
  const stems = contentWordsOf(sentence).map((word) => stemOf(word));
  if (stems.length === 0) return false;
  const fresh = stems.filter((stem) => !questionStems.has(stem)).length;
  return fresh / stems.length >= MIN_NOVELTY;
}

/** "Paris is large." + 2 -> "Paris is large [2]." (the marker before closing punctuation). */
function withCitation(sentence: string, source: number): string {
  // Text extracted from markup may leave a space before the full stop ("response.raw ."); a mark
  // after a symbol is part of it ("scripts begin with #!"), so the marker goes after it.
  const end = /(?<=[\p{L}\p{N}\s"'»”’)\]])[.!?。！？…]+["'»”)]*$/u.exec(sentence);
  return end
    ? `${sentence.slice(0, end.index).trimEnd()} [${source}]${end[0]}`
    : `${sentence} [${source}].`;
}

/**
 * What a question asks about in its conversation: a follow-up (isFollowUpQuestion) is read with
 * the previous question's words, so its answer stays on the conversation's subject; a question
 * that stands on its own is read alone.
 */
function withConversationSubject(messages: readonly ChatMessage[], question: string): string {
  if (!isFollowUpQuestion(question)) return question;
  const users = messages.filter((m) => m.role === 'user');
  const previous = users.length > 1 ? users[users.length - 2].content : '';
  return previous ? `${previous}\n${question}` : question;
}

/**
 * The planner's rewrite: the question as asked, plus a keyword query of its content words. A
 * short follow-up ("and its population?") borrows the keywords of the previous user message.
 */
function searchQueries(messages: readonly ChatMessage[], question: string): string[] {
  const asked = question.replace(/\s+/g, ' ').trim();
  if (!asked) return [];
  let keywords = unique(contentWordsOf(asked));
  if (keywords.length < 3) {
    const users = messages.filter((m) => m.role === 'user');
    const previous = users.length > 1 ? users[users.length - 2].content : '';
    keywords = unique([...contentWordsOf(previous), ...keywords]);
  }
  const keywordQuery = keywords.slice(0, 8).join(' ');
  return keywordQuery && keywordQuery !== asked.toLowerCase() ? [asked, keywordQuery] : [asked];
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}
