/**
 * A text, a paraphrase of it that shares no word and no three letters in a row with it, and an
 * unrelated text. A model that embeds meaning puts the paraphrase nearer; one that matches words
 * or character n-grams sees two texts equally foreign to the first.
 */
export const PARAPHRASE_TRIPLETS: readonly (readonly [string, string, string])[] = [
  ['a doctor treats patients', 'physician cures illness', 'stock market closed lower'],
  ['buy a new car', 'purchasing an automobile', 'knitting woollen socks'],
  ['heavy rain tomorrow', 'forecast predicts storms', 'chess opening theory'],
  ['my laptop will not turn on', 'computer fails during startup', 'grilling salmon fillets'],
  ['cheap flight abroad', 'inexpensive airline tickets overseas', 'volcanic eruption damage'],
  ['children learn quickly', 'kids master skills fast', 'medieval castle walls'],
];
