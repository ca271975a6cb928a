import { isStopword } from '../../text';
import type { HistoryTurn } from '../search-run';

/**
 * Offline query planning: keyword queries made of the key phrases of a question, the way RAKE
 * (Rose et al., 2010) finds candidate phrases: runs of content words between function words and
 * punctuation. A follow-up borrows the key phrases of the conversation's earlier user turns, so
 * "and how do I make it fail?" still searches for what "it" was.
 *
 * No library: the npm keyphrase packages are either RAKE ports for English only and unmaintained,
 * or (retext-keywords) a document-level pipeline with a part-of-speech tagger, far more than a
 * ten-word question needs; this reuses the built-in model's stopwords for five languages.
 */

/** Words that frame a question ("can I", "the best way to") without saying what it is about. */
const QUESTION_FILLER = new Set(
  'able anyone best better completely possible possibly really someone something way ways want wants need needs know just also instead actually get make use using used go goes going like still sure thing things work works'.split(
    ' ',
  ),
);
/**
 * English contractions and possessives: a negated auxiliary ("can't", "doesn't") is a function
 * word, and the other endings ("it's", "pino's", "we'll") leave the word they are attached to.
 * Without this the apostrophe split "can't" into "can" and a one-letter phrase "t" that was searched.
 */
const NEGATED = /^\p{L}+n['’]t$/iu;
const CLITIC = /['’](?:s|ll|re|ve|d|m)(?=$|[^\p{L}])/giu;
/** Phrase boundaries besides function words. */
const PUNCTUATION = /[.,;:!?()"“”'’«»]+/u;
const WORD = /[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}._/#+-]*[\p{L}\p{M}\p{N}+#]|[\p{L}\p{M}\p{N}]/gu;
const MAX_KEYWORDS = 8;
/** A question this short in content words is a follow-up that needs its conversation. */
const FOLLOW_UP_KEYWORDS = 3;

/** Key phrases of a text, most specific first (longer phrases, then earlier ones). */
export function keyPhrases(text: string): string[] {
  const phrases: string[][] = [];
  const plain = text
    .split(/\s+/)
    .map((word) => (NEGATED.test(word.replace(/[^\p{L}'’]+$/u, '')) ? ',' : word))
    .join(' ')
    .replace(CLITIC, '');
  for (const clause of plain.split(PUNCTUATION)) {
    let current: string[] = [];
    for (const match of clause.matchAll(WORD)) {
      const word = match[0];
      const lower = word.toLowerCase();
      if (isStopword(lower) || QUESTION_FILLER.has(lower)) {
        if (current.length > 0) phrases.push(current);
        current = [];
      } else {
        current.push(word);
      }
    }
    if (current.length > 0) phrases.push(current);
  }
  const seen = new Set<string>();
  return phrases
    .map((words, position) => ({ phrase: words.join(' '), length: words.length, position }))
    .filter(({ phrase }) => {
      const key = phrase.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => b.length - a.length || a.position - b.position)
    .map(({ phrase }) => phrase);
}

/**
 * 2-3 queries for one question: the key phrases of the question (with the conversation's for a
 * follow-up), its most specific phrases alone, and the question as asked when it stands on its own
 * (so that planning searches at least what speed mode searches).
 */
export function keyphraseQueries(question: string, history: readonly HistoryTurn[]): string[] {
  const own = keyPhrases(question);
  const ownWords = own.join(' ').split(' ').filter(Boolean);
  const isFollowUp = history.length > 0 && ownWords.length <= FOLLOW_UP_KEYWORDS;
  const context = history.length > 0 ? conversationPhrases(history) : [];
  const queries: string[] = [];
  const add = (words: readonly string[]) => {
    const query = unique(words).slice(0, MAX_KEYWORDS).join(' ');
    if (query && !queries.some((q) => q.toLowerCase() === query.toLowerCase())) queries.push(query);
  };
  if (history.length > 0) add([...context.slice(0, 2).flatMap(split), ...ownWords]);
  add(ownWords);
  if (own.length > 1) add(own.slice(0, 2).flatMap(split));
  if (!isFollowUp && history.length === 0) add([question.replace(/\s+/g, ' ').trim()]);
  return queries.slice(0, 3);
}

/** Key phrases of the latest earlier user turns (the assistant's words drift off topic). */
function conversationPhrases(history: readonly HistoryTurn[]): string[] {
  const users = history
    .filter((turn) => turn.role === 'user')
    .slice(-2)
    .reverse();
  return users.flatMap((turn) => keyPhrases(turn.content));
}

function split(phrase: string): string[] {
  return phrase.split(' ');
}

function unique(words: readonly string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
