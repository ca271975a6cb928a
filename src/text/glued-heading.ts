import { detectLanguage, STOPWORDS } from './stopwords';
import { stemOf } from './word-stems';
import { wordsOf } from './words';

/**
 * Words that open a sentence; written capitalised after other words, a sentence starts there.
 * Left out: "I" and the formal "Sie" (capitalised anywhere), and the words that name values of
 * settings ("set it to On", "AllowOverride None", "Any").
 */
const NOT_OPENERS = new Set([
  'i',
  'sie',
  'on',
  'off',
  'no',
  'not',
  'none',
  'all',
  'any',
  'and',
  'or',
]);
const OPENERS: ReadonlySet<string> = new Set(
  [
    ...Object.values(STOPWORDS).flatMap((words) => [...words]),
    ...'each every one some most many both usually actually'.split(' '),
  ].filter((word) => !NOT_OPENERS.has(word)),
);
/** The small words of a title ("Pack and multi-pack bitmaps", "Use of index"). */
const SMALL_WORDS: ReadonlySet<string> = new Set(
  [
    'a an and or of for in on to with the from by at into vs', // en
    'de du des la le les et en à au aux pour par sur avec dans', // fr
    'der die das des dem den und für von mit im in zu zum zur', // de
    'de del la el los las y en con para por', // es
    'и в на с для по о', // ru
  ].flatMap((words) => words.split(' ')),
);
const MAX_HEADING_WORDS = 8;
/** A numbered heading ("(19) INSERT is really slow - I can only do...") may be a whole question. */
const MAX_NUMBERED_HEADING_WORDS = 30;
/** A section or FAQ number: "4.0", "2.1.3", "3.", "(19)", "A.2". */
const LIST_NUMBER = /^\d{1,3}\.$/u;
const SECTION_NUMBER =
  /^(?:\(\d{1,4}\)|\d{1,3}(?:\.\d{1,3})+\.?|\d{1,3}\.|\p{Lu}\.\d{1,3}(?:\.\d{1,3})*\.?)$/u;
/** A capitalised word ("When", "A", "Actually,"), not one in capitals ("UTF", "SQL"). */
const CAPITALISED = /^\p{Lu}\p{Ll}*,?$/u;
/** How a heading is written: capitalised words, numbers ("4.0"), identifiers (merge.renormalize). */
const HEADING_WORD = /^(?:[\p{Lu}\p{N}]|[\p{L}\p{N}]+[._][\p{L}\p{N}])/u;
/** A word in capitals: a man page's "DESCRIPTION", "RECOVERING FROM UPSTREAM REBASE". */
const IN_CAPITALS = /^\p{Lu}{2,}$/u;
/** Man page sections are named by long words in capitals: DESCRIPTION, SYNOPSIS, EXAMPLES. */
const MAN_SECTION_LETTERS = 6;
const MAN_SECTION = new RegExp(`\\p{Lu}{${MAN_SECTION_LETTERS}}`, 'u');
const PUNCTUATED = /[,;:.!?)"”]$/u;
/** What continues a sentence: a lower-case word, maybe after an opening bracket or quote. */
const LOWER_CASE = /^[("'“‘]?\p{Ll}/u;

/**
 * A sentence without the heading a flattened page glued to its start: "Automatic Checkpoint By
 * default, SQLite...", "The Database File The complete state...", "fastimport.unpackLimit If the
 * number...", "Object names Objects can be named...", "4.0 The Mutex Subsystem SQLite has...",
 * "(7) How do I list all tables If you are running...". A heading ends where a word is
 * capitalised after a word without punctuation, and lower-case words follow, when that word is
 *  - a sentence opener ("By", "Each", "If", "The", "You"): in prose these are not capitalised
 *    after other words, so the sentence starts there;
 *  - or the word a heading of up to eight words repeats ("Objects" after "Object names"): a
 *    section's first sentence names its subject again;
 *  - or any capitalised word after a heading in capitals (a man page's "DESCRIPTION Shows...").
 * A heading starts a sentence that starts with a capitalised word; a sentence that starts with an
 * opener ("The Lord Of The Rings is a book") keeps its capitalised words unless a lower-case word
 * follows the opener at once. A sentence that starts with a section or FAQ number is a heading
 * up to its sentence, however long; with no sentence in it, it is a heading alone and '' is
 * returned (an FAQ's question does not answer anything). Applied until nothing changes, so a
 * page title and a section heading both come off.
 */
export function withoutGluedHeading(sentence: string): string {
  let current = sentence;
  for (;;) {
    const next = withoutOneHeading(current);
    if (next === current) return current;
    current = next;
  }
}

function withoutOneHeading(sentence: string): string {
  const words = sentence.split(' ');
  // "3.5 times faster" starts with a number, "4.0 The Mutex Subsystem" with a section number.
  const numbered = SECTION_NUMBER.test(words[0]) && /^\p{Lu}/u.test(words[1] ?? '');
  if (numbered) {
    const end = headingEnd(words.slice(1), MAX_NUMBERED_HEADING_WORDS, true);
    if (end !== -1) return words.slice(end + 1).join(' ');
    // "3. Install the package.": a step of a list, not a heading; "(28) My query..." is one.
    return LIST_NUMBER.test(words[0]) ? words.slice(1).join(' ') : '';
  }
  const end = headingEnd(words, MAX_HEADING_WORDS, false);
  if (end !== -1) return words.slice(end).join(' ');
  const section = MAN_SECTION.test(sentence) ? lastManPageSection(words) : -1;
  return section === -1 ? sentence : words.slice(section).join(' ');
}

/**
 * Where the text of a flattened man page's last section starts ("...SYNOPSIS git for-each-repo
 * --config= DESCRIPTION Run a Git command..."), -1 if none: after a long word in capitals, a
 * capitalised word and a lower-case one.
 */
function lastManPageSection(words: readonly string[]): number {
  for (let k = words.length - 2; k >= 1; k--) {
    const heading = words[k - 1];
    if (!IN_CAPITALS.test(heading) || heading.length < MAN_SECTION_LETTERS) continue;
    if (CAPITALISED.test(words[k]) && words[k].length > 1 && LOWER_CASE.test(words[k + 1])) {
      return k;
    }
  }
  return -1;
}

/** Where the sentence after a heading starts among words, -1 if nowhere. */
function headingEnd(words: readonly string[], maxWords: number, numbered: boolean): number {
  const first = words[0] ?? '';
  if (!numbered && !HEADING_WORD.test(first)) return -1;
  const startsWithOpener = OPENERS.has(first.toLowerCase());
  const last = Math.min(maxWords, words.length - 2);
  let titleCase = true;
  let capitals = true;
  let clause = false;
  for (let k = 1; k <= last; k++) {
    const before = words[k - 1];
    // Inside a numbered heading (a whole question) punctuation is part of it.
    if (PUNCTUATED.test(before)) {
      if (numbered) continue;
      return -1;
    }
    titleCase &&= HEADING_WORD.test(before) || (k > 1 && SMALL_WORDS.has(before));
    capitals &&= IN_CAPITALS.test(before) || (k > 1 && SMALL_WORDS.has(before.toLowerCase()));
    // Function words other than a title's small words make the words before a clause.
    clause ||= k > 1 && !SMALL_WORDS.has(before) && OPENERS.has(before.toLowerCase());
    // A sentence that starts with an opener is prose unless a title in capitals opens it.
    if (!numbered && startsWithOpener && !titleCase) return -1;
    const word = words[k];
    if (!/^\p{Lu}/u.test(word) || SMALL_WORDS.has(before)) continue;
    const bare = word.replace(/,$/u, '').toLowerCase();
    // "I" and a letter named in a sentence ("commit A, because") do not start one.
    if (bare === 'i' || (bare.length < 2 && word.endsWith(','))) continue;
    const followed = word.endsWith(',') || LOWER_CASE.test(words[k + 1]);
    if (CAPITALISED.test(word) && OPENERS.has(bare)) {
      // "The Lord Of The Rings is": an opener inside a title, not the start of a sentence.
      // "Automatic Checkpoint By default": a title's opener may be followed by a name first.
      const nameFirst =
        (numbered || (titleCase && !startsWithOpener)) && LOWER_CASE.test(words[k + 2] ?? '');
      // "However this does not rewrite it If...": after a clause, not after a heading.
      if ((followed || nameFirst) && (numbered || titleCase || !clause)) return k;
      continue;
    }
    if (!followed) continue;
    // "4.0 The Mutex Subsystem SQLite has": after a numbered title, any name starts the sentence.
    if (numbered && titleCase && k >= 2) return k;
    if (numbered || !CAPITALISED.test(word)) continue;
    if (capitals && isCapitalsHeading(words.slice(0, k))) return k;
    // "Object names Objects can": a sentence-case heading's subject, not a name said twice.
    if (!startsWithOpener && LOWER_CASE.test(before) && repeats(bare, words.slice(0, k))) return k;
  }
  return -1;
}

/**
 * A heading in capitals: two words or more, or one long word ("DESCRIPTION", "EXAMPLES"); a short
 * one ("HTTP Headers are...") is a name that starts a sentence.
 */
function isCapitalsHeading(words: readonly string[]): boolean {
  return words.length >= 2 || words[0].length >= MAN_SECTION_LETTERS;
}

/** Whether a heading's words hold the word (by stem): "Objects" after "Object names". */
function repeats(word: string, heading: readonly string[]): boolean {
  const language = detectLanguage(wordsOf(heading.join(' ')));
  const stem = stemOf(word, language);
  return heading.some((other) => stemOf(other.toLowerCase(), language) === stem);
}
