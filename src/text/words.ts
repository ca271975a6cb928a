import { isStopword } from './stopwords';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Lower-cased words (letters, marks, digits) of the text, after Unicode normalisation. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

/** The words of the text (wordsOf) that are not function words of its language (isStopword). */
export function contentWordsOf(text: string): string[] {
  return wordsOf(text).filter((word) => !isStopword(word));
}
