/** BM25's usual Okapi values: term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;

export interface LexicalScores {
  /** BM25 of each document for the query terms (0 when it shares none). */
  readonly bm25: number[];
  /**
   * IDF-weighted share (0..1) of the focus terms each document contains: how much of the
   * question it speaks about, whatever its length.
   */
  readonly coverage: number[];
}

/**
 * BM25 and term coverage of a small candidate pool, with IDF taken from the pool itself (the
 * usual choice when re-ranking a result list: a term every candidate has says nothing about
 * which is better). Linear in the total number of terms.
 */
export function lexicalScores(
  queryTerms: readonly string[],
  focusTerms: readonly string[],
  documents: readonly (readonly string[])[],
): LexicalScores {
  const count = documents.length;
  const frequencies = documents.map((terms) => {
    const tf = new Map<string, number>();
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    return tf;
  });
  const df = new Map<string, number>();
  for (const tf of frequencies) for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => {
    const n = df.get(term) ?? 0;
    return Math.log(1 + (count - n + 0.5) / (n + 0.5));
  };
  const averageLength = documents.reduce((sum, terms) => sum + terms.length, 0) / (count || 1) || 1;
  const query = [...new Set(queryTerms)].map((term) => [term, idf(term)] as const);
  // Coverage weighs every term at least 1: a term every candidate shares has a BM25 IDF near 0,
  // yet when the whole pool is on topic it is the topic, and must not make coverage vanish.
  const focus = [...new Set(focusTerms)].map((term) => [term, 1 + idf(term)] as const);
  const focusTotal = focus.reduce((sum, [, weight]) => sum + weight, 0);

  const bm25: number[] = [];
  const coverage: number[] = [];
  frequencies.forEach((tf, i) => {
    const norm = K1 * (1 - B + (B * documents[i].length) / averageLength);
    let score = 0;
    for (const [term, weight] of query) {
      const f = tf.get(term);
      if (f) score += (weight * f * (K1 + 1)) / (f + norm);
    }
    let covered = 0;
    for (const [term, weight] of focus) if (tf.has(term)) covered += weight;
    bm25.push(score);
    coverage.push(focusTotal > 0 ? covered / focusTotal : 0);
  });
  return { bm25, coverage };
}
