const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Lower-cased words (letters, marks, digits) of the text, after Unicode normalisation. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}
