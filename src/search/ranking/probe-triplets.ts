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

/**
 * A text, another that says its words in another order with a few more, and an unrelated text
 * that shares no word with it. Any model that sees text at all puts the second nearer, a bag of
 * words as surely as a model of meaning; one that does not (the same vector for every text, or
 * vectors unrelated to the words) sees nothing a ranking can use.
 */
export const WORD_TRIPLETS: readonly (readonly [string, string, string])[] = [
  ['restart the web server', 'how to restart a web server safely', 'baking sourdough bread'],
  ['backup of the database', 'database backup every night', 'penguins live in Antarctica'],
  ['undo the last commit', 'the last commit: how to undo it', 'tropical fish aquarium'],
  ['compress large log files', 'large files of logs to compress', 'wedding dress shopping'],
  ['memory leak in the worker', 'worker process memory leak found', 'football league results'],
  [
    'encrypt passwords using a salt',
    'using a salt to encrypt stored passwords',
    'mountain hiking trails',
  ],
];
