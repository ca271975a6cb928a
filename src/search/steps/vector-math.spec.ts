import { cosineSimilarity, NormedVectors } from './vector-math';

/** A small seeded generator, so a failure names vectors that can be made again. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('NormedVectors', () => {
  it('gives cosineSimilarity to the bit for every pair, arrays and Float32Arrays', () => {
    const random = seededRandom(18);
    for (let round = 0; round < 20; round++) {
      const dimensions = 1 + Math.floor(random() * 400);
      const vectors: ArrayLike<number>[] = Array.from({ length: 8 }, (_, v) => {
        const values = Array.from({ length: dimensions }, () => random() * 2 - 1);
        return v % 2 === 0 ? values : new Float32Array(values);
      });
      const normed = new NormedVectors(vectors);
      for (let i = 0; i < vectors.length; i++) {
        for (let j = 0; j < vectors.length; j++) {
          expect(Object.is(normed.cosine(i, j), cosineSimilarity(vectors[i], vectors[j]))).toBe(
            true,
          );
        }
      }
    }
  });

  it('is 0 for an all-zero vector, differing lengths or empty vectors, as cosineSimilarity is', () => {
    const vectors = [[1, 2, 3], [0, 0, 0], [1, 2], [], [], new Float32Array([3, 2, 1])];
    const normed = new NormedVectors(vectors);
    for (let i = 0; i < vectors.length; i++) {
      for (let j = 0; j < vectors.length; j++) {
        expect(normed.cosine(i, j)).toBe(cosineSimilarity(vectors[i], vectors[j]));
      }
    }
    expect(normed.cosine(0, 1)).toBe(0);
    expect(normed.cosine(0, 2)).toBe(0);
    expect(normed.cosine(3, 4)).toBe(0);
    expect(normed.cosine(0, 5)).toBeCloseTo(10 / 14, 12);
  });

  it('keeps NaN where cosineSimilarity gives NaN', () => {
    const vectors = [
      [1, NaN],
      [1, 1],
    ];
    expect(new NormedVectors(vectors).cosine(0, 1)).toBeNaN();
    expect(cosineSimilarity(vectors[0], vectors[1])).toBeNaN();
  });
});
