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
import { cosine, hashingVectors } from './hashing-vectorizer';
import { detectLanguage, isStopword } from './stopwords';
import { stemOf, wordsOf } from './text-features';

const SENTENCES_BY_MODE = { speed: 3, balanced: 5, quality: 8 } as const;
/** Below this cosine to the question a sentence is not considered relevant. */
const MIN_RELEVANCE = 0.08;
/** Above this cosine to an already chosen sentence a candidate is a near-duplicate. */
const MAX_REDUNDANCY = 0.75;
/** Maximal marginal relevance: how much relevance counts against novelty. */
const MMR_LAMBDA = 0.7;
const MIN_WORDS = 4;
const MAX_SENTENCE_CHARS = 600;

const NOTHING_RELEVANT: Record<string, string> = {
  en: 'The sources provided contain nothing relevant to this question.',
  fr: 'Les sources fournies ne contiennent rien de pertinent pour cette question.',
  de: 'Die bereitgestellten Quellen enthalten nichts Relevantes zu dieser Frage.',
  es: 'Las fuentes proporcionadas no contienen nada relevante para esta pregunta.',
  ru: 'В предоставленных источниках нет ничего относящегося к этому вопросу.',
};
const NO_SOURCES: Record<string, string> = {
  en: 'No sources were provided, so there is nothing to answer from.',
  fr: "Aucune source n'a été fournie : je n'ai rien à partir de quoi répondre.",
  de: 'Es wurden keine Quellen bereitgestellt, daher gibt es nichts, woraus ich antworten kann.',
  es: 'No se proporcionaron fuentes, así que no hay nada a partir de lo que responder.',
  ru: 'Источники не были предоставлены, поэтому отвечать не на чем.',
};

interface Candidate {
  readonly text: string;
  readonly source: number; // 1-based number of its source
}

/**
 * The built-in offline chat model: an extractive summariser. It reads the numbered sources from
 * the system message(s) (formatNumberedSources format) and the question from the last user
 * message, picks the source sentences most similar to the question with maximal marginal
 * relevance (near-duplicates dropped), and writes each followed by the [n] of its source, so the
 * answer is in the sources' own language and cites only sources it was given. With json: true
 * (the search planner) it returns {"queries": [...]} rewritten from the last user message.
 * Deterministic: the same messages and options give the same output.
 */
export class ExtractiveChatModel implements ChatModel {
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
      for (const text of this.answerPieces(messages, options)) {
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
    return Promise.resolve({ text: this.answerPieces(messages, options).join('') });
  }

  /** The answer as the pieces it is streamed in: one cited sentence each. */
  private answerPieces(messages: readonly ChatMessage[], options?: ChatCallOptions): string[] {
    const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    if (options?.json) return [JSON.stringify({ queries: searchQueries(messages, question) })];

    const sources = sourcesIn(messages);
    const language = detectLanguage(wordsOf(question));
    if (sources.length === 0) return [NO_SOURCES[language]];
    const count = SENTENCES_BY_MODE[options?.optimizationMode ?? 'balanced'];
    const chosen = pickSentences(question, sources, count);
    if (chosen.length === 0) {
      return [NOTHING_RELEVANT[detectLanguage(wordsOf(sources.map((s) => s.content).join(' ')))]];
    }
    return chosen.map((candidate, index) => {
      const cited = withCitation(candidate.text, candidate.source);
      return index === chosen.length - 1 ? cited : `${cited} `;
    });
  }
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

function pickSentences(question: string, sources: NumberedSource[], count: number): Candidate[] {
  const candidates = sources.flatMap((source, index) =>
    sentencesOf(source.content).map((text) => ({ text, source: index + 1 })),
  );
  if (candidates.length === 0) return [];
  // One batch, so IDF is computed over the question and all candidate sentences together.
  const [query, ...vectors] = hashingVectors([question, ...candidates.map((c) => c.text)]);
  const questionStems = new Set(contentWords(question).map(stemOf));
  const relevance = vectors.map((vector, i) =>
    sharesContentWord(questionStems, candidates[i].text) ? cosine(query, vector) : 0,
  );
  const chosen: number[] = [];
  while (chosen.length < count) {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < candidates.length; i++) {
      if (relevance[i] < MIN_RELEVANCE || chosen.includes(i)) continue;
      const redundancy = Math.max(0, ...chosen.map((j) => cosine(vectors[i], vectors[j])));
      if (redundancy > MAX_REDUNDANCY) continue;
      const score = MMR_LAMBDA * relevance[i] - (1 - MMR_LAMBDA) * redundancy;
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    if (best === -1) break;
    chosen.push(best);
  }
  return chosen.map((i) => candidates[i]);
}

/** With no content word in the question (only function words), similarity alone decides. */
function sharesContentWord(questionStems: Set<string>, sentence: string): boolean {
  if (questionStems.size === 0) return true;
  return wordsOf(sentence).some((word) => questionStems.has(stemOf(word)));
}

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** Readable sentences of a source: paragraphs split into sentences, citation-like markers removed. */
function sentencesOf(content: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of content.split(/\n\s*\n/)) {
    for (const { segment } of SEGMENTER.segment(paragraph.replace(/\s+/g, ' '))) {
      // A source's own "[2]" must not read as a citation of our source 2.
      const text = segment.replace(/\s*\[\d+\]/g, '').trim();
      if (text.length <= MAX_SENTENCE_CHARS && wordsOf(text).length >= MIN_WORDS) {
        sentences.push(text);
      }
    }
  }
  return sentences;
}

/** "Paris is large." + 2 -> "Paris is large [2]." (the marker before closing punctuation). */
function withCitation(sentence: string, source: number): string {
  const end = /[.!?。！？…]+["'»”)]*$/u.exec(sentence);
  return end ? `${sentence.slice(0, end.index)} [${source}]${end[0]}` : `${sentence} [${source}].`;
}

function contentWords(text: string): string[] {
  return wordsOf(text).filter((word) => !isStopword(word));
}

/**
 * The planner's rewrite: the question as asked, plus a keyword query of its content words. A
 * short follow-up ("and its population?") borrows the keywords of the previous user message.
 */
function searchQueries(messages: readonly ChatMessage[], question: string): string[] {
  const asked = question.replace(/\s+/g, ' ').trim();
  if (!asked) return [];
  let keywords = unique(contentWords(asked));
  if (keywords.length < 3) {
    const users = messages.filter((m) => m.role === 'user');
    const previous = users.length > 1 ? users[users.length - 2].content : '';
    keywords = unique([...contentWords(previous), ...keywords]);
  }
  const keywordQuery = keywords.slice(0, 8).join(' ');
  return keywordQuery && keywordQuery !== asked.toLowerCase() ? [asked, keywordQuery] : [asked];
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}
