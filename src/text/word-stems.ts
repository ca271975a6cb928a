// A reference, not a tsconfig entry: every build that compiles this file (app, eval, bench) needs it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./orama-stemmers.d.ts" />
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';

/**
 * Snowball-family stemmers (@orama/stemmers: pure JavaScript, no dependencies, CommonJS builds,
 * maintained) for the languages the built-in models know, so "cache", "cached" and "caching" meet
 * without the false matches of cutting words short ("interceptor" and "interface").
 */
const STEMMERS: Readonly<Record<string, (word: string) => string>> = {
  en: english,
  fr: french,
  de: german,
  es: spanish,
  ru: russian,
};

/** Words of a language repeat a lot across one search's texts: stems are memoised per language. */
const MAX_MEMOISED = 50_000;
const memo = new Map<string, Map<string, string>>();

/** The stem of a lower-cased word in a language (English when the language has no stemmer). */
export function stemOf(word: string, language = 'en'): string {
  if (word.length <= 3) return word;
  const known = STEMMERS[language] ? language : 'en';
  let stems = memo.get(known);
  if (!stems) memo.set(known, (stems = new Map()));
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= MAX_MEMOISED) stems.clear();
    stem = STEMMERS[known](word);
    stems.set(word, stem);
  }
  return stem;
}
