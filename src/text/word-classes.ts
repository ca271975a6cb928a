/** The word class of one word of an English text, at its place in the text. */
export interface WordClass {
  /** Offset of the word's first character in the text. */
  readonly start: number;
  readonly end: number;
  /** A verb, a modal or an auxiliary here ("limit" in "Can Apache limit how fast…"). */
  readonly verb: boolean;
  readonly adverb: boolean;
  /** A pronoun, preposition, determiner or conjunction ("mine", "inside", "whose"). */
  readonly functionWord: boolean;
  readonly noun: boolean;
  /** A plural noun ("tuples"; not "always", "status"). */
  readonly plural: boolean;
  /**
   * A singular common noun that takes an article ("fix", "directory"): not a name ("Git"), a mass
   * noun the tagger knows ("traffic") or an activity ("logging").
   */
  readonly countable: boolean;
}

interface TaggedTerm {
  readonly tags: readonly string[];
  readonly offset: { readonly start: number; readonly length: number };
}

type Tagger = (text: string) => { json(options: object): Array<{ terms: TaggedTerm[] }> };

const FUNCTION_WORD_TAGS = new Set([
  'Pronoun',
  'Preposition',
  'Determiner',
  'Conjunction',
  'QuestionWord',
]);

const NOT_COUNTABLE_TAGS = new Set(['ProperNoun', 'Uncountable', 'Activity', 'Pronoun']);

let tagger: Tagger | undefined;

/**
 * The word classes of an English text, from compromise's tagger (its `two` build: lexicon and
 * context rules, no models). Loaded on first use: about 200 ms, once per process. Its cost is
 * about 1 ms for a question and grows with the text, so it is for questions, not for pages.
 */
export function englishWordClasses(text: string): WordClass[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  tagger ??= require('compromise/two') as Tagger;
  return tagger(text)
    .json({ offset: true })
    .flatMap((sentence) => sentence.terms)
    .map(({ tags, offset }) => ({
      start: offset.start,
      end: offset.start + offset.length,
      verb: tags.includes('Verb'),
      adverb: tags.includes('Adverb'),
      functionWord: tags.some((tag) => FUNCTION_WORD_TAGS.has(tag)),
      noun: tags.includes('Noun') && !tags.includes('Pronoun'),
      plural: tags.includes('Plural'),
      countable: tags.includes('Singular') && !tags.some((tag) => NOT_COUNTABLE_TAGS.has(tag)),
    }));
}

/** The class of the word that starts at (or covers) an offset, if the tagger saw one there. */
export function wordClassAt(classes: readonly WordClass[], offset: number): WordClass | undefined {
  let low = 0;
  let high = classes.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const word = classes[middle];
    if (offset < word.start) high = middle - 1;
    else if (offset >= word.end) low = middle + 1;
    else return word;
  }
  return undefined;
}
