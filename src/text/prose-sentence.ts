import { isStopword } from './stopwords';
import { wordsOf } from './words';

const MIN_WORDS = 4;
const MIN_CONTENT_WORDS = 2;
const MAX_CHARS = 600;
/** Characters that are rare in prose and common in code, markup and data. */
const CODE_CHARACTERS = /[{}[\]<>=;$\\|`~^]/gu;
const MAX_CODE_CHARACTER_SHARE = 0.06;
/** Below this share of letters among the non-space characters a text is data, not prose. */
const MIN_LETTER_SHARE = 0.6;
/** Unmistakable code or markup: fences, table pipes, arrow functions, braces, HTML tags. */
const CODE_MARKERS =
  /```|~~~|\||=>|[{}]|<\/?[a-z][\w-]*(?:\s+[\w-]+=|\s*\/?>)|\b(?:const|let|var)\s+\w+\s*=|\w\([^)]*\)\s*;|;\s*$/iu;
/**
 * A run of this many words or more, nearly all capitalised and nearly none a function word, is a
 * site's menu or a list of headings run together ("Home About Documentation Download License…"):
 * prose, even German with its capitalised nouns, is about a third function words.
 */
const MENU_MIN_WORDS = 8;
const MENU_MIN_CAPITALISED_SHARE = 0.7;
const MENU_MAX_FUNCTION_WORD_SHARE = 0.15;
/** Shell commands and prompts quoted from tutorials. */
const COMMAND_LINE = /^(?:\$\s|>\s|#!|(?:curl|npm|npx|yarn|pnpm|git|docker|sudo|cd|export|pip)\s)/u;
/**
 * An example run together with the prose around it, as text extracted from a manual page's
 * listing comes: a shell prompt before a command ("… $ git reset --hard HEAD~3 …") or a
 * listing's numbered callout ("<1>").
 */
const EMBEDDED_LISTING = /(?:^|\s)\$\s+[a-z]|<\d{1,2}>/u;
/**
 * A rule drawn with characters ("-------", "=====") separates the columns or rows of a listing
 * or a text table; prose has at most a dash of two or three.
 */
const TEXT_RULE = /([-=_*~#+])\1{3,}/u;

/**
 * Whether a source sentence reads as prose worth quoting in an answer: long enough to say
 * something, not code, a command, a table row or markup debris, and not a question.
 */
export function isProse(sentence: string): boolean {
  if (sentence.length > MAX_CHARS) return false;
  if (CODE_MARKERS.test(sentence) || COMMAND_LINE.test(sentence)) return false;
  if (EMBEDDED_LISTING.test(sentence) || TEXT_RULE.test(sentence)) return false;
  // A question in a source (an FAQ heading, a quoted example query) does not answer anything,
  // and a sentence ending in a colon introduces something (code, a list) that is not there.
  if (/[?？:：]["'»”)]*$/u.test(sentence)) return false;
  // What stops without a full stop (or the semicolon of a list item) is a piece of a sentence:
  // code or a list followed it ("...the configure script understands, type"). A list item may
  // start in lower case, so the start is judged where the units are known (sentencesOf).
  if (!/[.!。！…;]["'»”’)]*$/u.test(sentence)) return false;
  const words = wordsOf(sentence);
  if (words.length < MIN_WORDS) return false;
  const functionWords = words.filter((word) => isStopword(word)).length;
  if (words.length - functionWords < MIN_CONTENT_WORDS) return false;
  if (looksLikeMenu(sentence, words.length, functionWords)) return false;
  const visible = sentence.replace(/\s+/gu, '');
  const codeCharacters = sentence.match(CODE_CHARACTERS)?.length ?? 0;
  if (codeCharacters / visible.length > MAX_CODE_CHARACTER_SHARE) return false;
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  return letters / visible.length >= MIN_LETTER_SHARE;
}

function looksLikeMenu(sentence: string, wordCount: number, functionWords: number): boolean {
  if (wordCount < MENU_MIN_WORDS || functionWords > MENU_MAX_FUNCTION_WORD_SHARE * wordCount) {
    return false;
  }
  const capitalised = sentence.match(/(?<![\p{L}\p{N}])\p{Lu}/gu)?.length ?? 0;
  return capitalised >= MENU_MIN_CAPITALISED_SHARE * wordCount;
}
