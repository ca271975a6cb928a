import { cosine, hashingVectors } from './hashing-vectorizer';
import { contentWordsOf, stemOf, wordsOf } from '../../text';

/** BM25 term-frequency saturation and length normalisation (the usual Okapi values). */
const K1 = 1.2;
const B = 0.75;
/** Weights of the parts of a sentence's relevance (they add up to 1). */
const TERM_WEIGHT = 0.6;
const SIMILARITY_WEIGHT = 0.25;
const TITLE_WEIGHT = 0.15;
/**
 * Coverage weighs the question's words by an IDF counted as if there were at least this many
 * sentences: over the two or three whole sentences of a few search excerpts, a question word that
 * none of them holds (a paraphrase: "how often" for "every ninety days") weighs twice one that a
 * sentence holds, and two such words sink the sentence that holds all the rest.
 */
const MIN_COVERAGE_SENTENCES = 20;
/** Sentences of about this many words read best in an answer; much shorter or longer count less. */
const SHORT_WORDS = 6;
const LONG_WORDS = 45;

export interface ScoredSentence {
  /** 0 when the sentence shares no question word; otherwise roughly 0..1.5, higher is better. */
  readonly relevance: number;
  /**
   * IDF-weighted share of the question's words in the sentence (see MIN_COVERAGE_SENTENCES), plus
   * half that of its source title.
   */
  readonly coverage: number;
  /** Unit vector of the sentence, for redundancy checks between sentences. */
  readonly vector: number[];
}

/**
 * Scores sentences against a question. Term evidence is BM25 over content-word stems, with IDF
 * from the sentences themselves, normalised by the question's total IDF so that scores of
 * different questions are comparable; it is blended with the hashing TF-IDF cosine (which also
 * sees word pairs and character n-grams) and with how much of the question the source's title
 * covers, then multiplied by a length prior. Deterministic and linear in the text size.
 */
export function scoreSentences(
  question: string,
  sentences: readonly { readonly text: string; readonly title: string }[],
): ScoredSentence[] {
  const stemsOf = (text: string) => contentWordsOf(text).map((word) => stemOf(word));
  let questionStems = [...new Set(stemsOf(question))];
  // A question of function words only ("what is it?") still has words to match.
  if (questionStems.length === 0)
    questionStems = [...new Set(wordsOf(question).map((word) => stemOf(word)))];
  const documents = sentences.map((sentence) => stemsOf(sentence.text));
  const documentFrequency = new Map<string, number>();
  for (const stems of documents) {
    for (const stem of new Set(stems)) {
      documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
    }
  }
  const count = documents.length;
  const idfOver = (sentences: number) => (stem: string) => {
    const df = documentFrequency.get(stem) ?? 0;
    return Math.log(1 + (sentences - df + 0.5) / (df + 0.5));
  };
  const questionIdf = questionStems.map(idfOver(count));
  const totalIdf = questionIdf.reduce((sum, value) => sum + value, 0) || 1;
  const coverageIdf = questionStems.map(idfOver(Math.max(count, MIN_COVERAGE_SENTENCES)));
  const totalCoverageIdf = coverageIdf.reduce((sum, value) => sum + value, 0) || 1;
  const averageLength = documents.reduce((sum, stems) => sum + stems.length, 0) / (count || 1);
  const [query, ...vectors] = hashingVectors([question, ...sentences.map((s) => s.text)]);
  const titleCoverage = new Map<string, number>();

  return sentences.map((sentence, i) => {
    const frequency = new Map<string, number>();
    for (const stem of documents[i]) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
    const length = documents[i].length / (averageLength || 1);
    let terms = 0;
    let covered = 0;
    questionStems.forEach((stem, q) => {
      const tf = frequency.get(stem) ?? 0;
      if (tf === 0) return;
      covered += coverageIdf[q];
      terms += (questionIdf[q] * tf * (K1 + 1)) / (tf + K1 * (1 - B + B * length));
    });
    if (covered === 0) return { relevance: 0, coverage: 0, vector: vectors[i] };
    let title = titleCoverage.get(sentence.title);
    if (title === undefined) {
      const stems = new Set(stemsOf(sentence.title));
      title = questionStems.reduce(
        (sum, stem, q) => sum + (stems.has(stem) ? questionIdf[q] : 0),
        0,
      );
      title /= totalIdf;
      titleCoverage.set(sentence.title, title);
    }
    const relevance =
      (TERM_WEIGHT * (terms / totalIdf) +
        SIMILARITY_WEIGHT * Math.max(0, cosine(query, vectors[i])) +
        TITLE_WEIGHT * title) *
      lengthPrior(wordsOf(sentence.text).length);
    // The title counts half: it frames the sentence but is not what the sentence says.
    return {
      relevance,
      coverage: Math.min(1, covered / totalCoverageIdf + title / 2),
      vector: vectors[i],
    };
  });
}

function lengthPrior(words: number): number {
  if (words < SHORT_WORDS) return 0.6 + (0.4 * words) / SHORT_WORDS;
  if (words > LONG_WORDS) return Math.max(0.6, LONG_WORDS / words);
  return 1;
}
