import { STOPWORDS } from './stopwords';

/** Words that open an English sentence; written capitalised after other words, a sentence starts there. */
const OPENERS: ReadonlySet<string> = new Set([
  ...STOPWORDS.en,
  ...'each every one some most many all any both usually'.split(' '),
]);
const MAX_HEADING_WORDS = 8;
/** A capitalised word ("When", "A"), not one in capitals ("UTF", "SQL"). */
const CAPITALISED = /^\p{Lu}\p{Ll}*$/u;
/** How a heading is written: capitalised words, numbers ("4.0"), identifiers (merge.renormalize). */
const HEADING_WORD = /^(?:[\p{Lu}\p{N}]|[\p{L}\p{N}]+[._][\p{L}\p{N}])/u;
const PUNCTUATED = /[,;:.!?)"”]$/u;
/** What continues a sentence: a lower-case word, maybe after an opening bracket or quote. */
const LOWER_CASE = /^[("'“‘]?\p{Ll}/u;

/**
 * A sentence without the heading a flattened page glued to its start ("Automatic Checkpoint By
 * default, SQLite will...", "Storage Classes and Datatypes Each value...", "fastimport.unpackLimit
 * If the number..."): up to eight words written as a heading (capitalised, numbers, identifiers,
 * the small words of a title) followed by a capitalised sentence opener ("By", "Each", "If", "You")
 * and lower-case words. In prose an opener is not capitalised after other words, so the sentence
 * starts there; a heading in sentence case is left as it is.
 */
export function withoutGluedHeading(sentence: string): string {
  const words = sentence.split(' ');
  // "The Lord Of The Rings is...": a sentence that starts with an opener started there.
  if (OPENERS.has(words[0].toLowerCase())) return sentence;
  const last = Math.min(MAX_HEADING_WORDS, words.length - 2);
  for (let k = 1; k <= last; k++) {
    const heading = words[k - 1];
    const smallWord = STOPWORDS.en.has(heading) && k > 1;
    if ((!HEADING_WORD.test(heading) && !smallWord) || PUNCTUATED.test(heading)) break;
    const word = words[k];
    if (!CAPITALISED.test(word) || !OPENERS.has(word.toLowerCase())) continue;
    if (words.slice(k + 1, k + 3).some((next) => LOWER_CASE.test(next))) {
      return words.slice(k).join(' ');
    }
  }
  return sentence;
}
