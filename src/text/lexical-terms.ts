import { contentStems, type ContentStems } from './common-words';
import { detectLanguage, isStopword } from './stopwords';
import { stemOf } from './word-stems';
import { wordsOf } from './words';

/**
 * The terms lexical scoring compares: content words (function words of the languages the
 * built-in model knows are dropped), stemmed in the given language so that "cache", "cached" and
 * "caching" meet. The same tokeniser and stemmer as the built-in models', so a term means the
 * same thing in ranking and answering.
 */
export function lexicalTerms(text: string, language = 'en'): string[] {
  const terms: string[] = [];
  for (const word of wordsOf(text)) if (!isStopword(word)) terms.push(stemOf(word, language));
  return terms;
}

/** The language a search's texts are stemmed in: the question's (function words tell it). */
export function questionLanguage(question: string): string {
  return detectLanguage(wordsOf(question));
}

/**
 * The content terms of a question (stemmed like lexicalTerms), split into its specific ones (not
 * everyday words of its language: names of products, tools, things) and its everyday ones; the
 * specific ones written as names (Flask, PyTorch) are listed again.
 */
export function questionTerms(question: string, language = 'en'): ContentStems {
  return contentStems(question, language);
}
