import { isStopword } from '../../providers/builtin/stopwords';
import { stemOf, wordsOf } from '../../providers/builtin/text-features';

/**
 * The terms lexical scoring compares: content words (function words of the languages the
 * built-in model knows are dropped), crudely stemmed so that "signed" and "signing" meet. The
 * same tokeniser as the built-in models', so a term means the same thing in ranking and answering.
 */
export function lexicalTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of wordsOf(text)) if (!isStopword(word)) terms.push(stemOf(word));
  return terms;
}
