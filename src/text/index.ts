/**
 * Text analysis shared by search's ranking and planning and the built-in models: words, function
 * words and languages, stems, everyday words, sentences, and the lexical terms ranking compares.
 */
export { contentWordsOf, wordsOf } from './words';
export { detectLanguage, isStopword, STOPWORDS } from './stopwords';
export { stemOf } from './word-stems';
export {
  contentStems,
  type ContentStems,
  isCommonWord,
  missesSpecificStems,
  specificStems,
} from './common-words';
export { sentencesOf } from './sentences';
export { isProse } from './prose-sentence';
export { lexicalTerms, questionLanguage, questionTerms } from './lexical-terms';
export { StemIndex } from './term-variants';
export { codeIdentifiers, namesIdentifier } from './code-identifiers';
export { englishWordClasses, wordClassAt, type WordClass } from './word-classes';
