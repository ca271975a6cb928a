import { detectLanguage, wordsOf } from '../../text';

/** The PostgreSQL text-search configuration of each language the built-in detector knows. */
const CONFIG_BY_LANGUAGE: Readonly<Record<string, string>> = {
  en: 'english',
  fr: 'french',
  de: 'german',
  es: 'spanish',
  ru: 'russian',
};

/** Every configuration a chunk may use: a search queries each. */
export const TEXT_SEARCH_CONFIGS: readonly string[] = [
  ...Object.values(CONFIG_BY_LANGUAGE),
  'simple',
];

/**
 * The text-search configuration for a document, from its first words: stemming and stop words of
 * its language; 'simple' (words as written) for a language without one.
 */
export function textSearchConfigOf(sample: string): string {
  const words = wordsOf(sample.slice(0, 4000));
  if (words.length === 0) return 'simple';
  return CONFIG_BY_LANGUAGE[detectLanguage(words)] ?? 'simple';
}
