import { NormedVectors } from './vector-math';

/** A small seeded generator, so a failure names vectors that can be made again. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The cosine as the ranker computed it before round six: one product per turn, three sums. */
function plainCosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

describe('NormedVectors', () => {
  it('give the plain three-sum cosine to the bit for every pair, arrays and Float32Arrays', () => {
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
          const expected = plainCosine(vectors[i], vectors[j]);
          expect(Object.is(normed.cosine(i, j), expected)).toBe(true);
        }
      }
    }
  });

  it('are 0 for an all-zero vector, differing lengths or empty vectors, as the plain cosine is', () => {
    const vectors = [[1, 2, 3], [0, 0, 0], [1, 2], [], [], new Float32Array([3, 2, 1])];
    const normed = new NormedVectors(vectors);
    for (let i = 0; i < vectors.length; i++) {
      for (let j = 0; j < vectors.length; j++) {
        expect(normed.cosine(i, j)).toBe(plainCosine(vectors[i], vectors[j]));
      }
    }
    expect(normed.cosine(0, 1)).toBe(0);
    expect(normed.cosine(0, 2)).toBe(0);
    expect(normed.cosine(3, 4)).toBe(0);
    expect(normed.cosine(0, 5)).toBeCloseTo(10 / 14, 12);
  });

  it('keep NaN where the plain cosine gives NaN', () => {
    const vectors = [
      [1, NaN],
      [1, 1],
    ];
    expect(new NormedVectors(vectors).cosine(0, 1)).toBeNaN();
    expect(plainCosine(vectors[0], vectors[1])).toBeNaN();
  });

  it('similarAtLeast answers as cosine >= threshold, for pairs far from, near and at the threshold', () => {
    const random = seededRandom(97);
    let stoppedEarlyCandidates = 0;
    for (let round = 0; round < 40; round++) {
      const dimensions = 1 + Math.floor(random() * 400);
      const base = Array.from({ length: dimensions }, () => random() * 2 - 1);
      // Copies of one vector with more and more noise: cosines from 1 down to near 0, many of
      // them close to 0.97; half as Float32Arrays, as the OpenAI adapter's base64 embeddings are.
      const vectors: ArrayLike<number>[] = Array.from({ length: 12 }, (_, v) => {
        const noise = v === 0 ? 0 : 0.02 * v * v;
        const values = base.map((x) => x + noise * (random() * 2 - 1));
        return v % 2 === 0 ? values : new Float32Array(values);
      });
      vectors.push(vectors[1]);
      const normed = new NormedVectors(vectors);
      for (const threshold of [0.97, 0.5, 0, -0.5, 1]) {
        for (let i = 0; i < vectors.length; i++) {
          for (let j = 0; j < vectors.length; j++) {
            const cosine = normed.cosine(i, j);
            if (cosine < threshold - 0.1) stoppedEarlyCandidates++;
            // Thresholds exactly at a pair's cosine, and one rounding step either side of it.
            for (const t of [threshold, cosine, cosine + Number.EPSILON, cosine - Number.EPSILON]) {
              expect([i, j, t, normed.similarAtLeast(i, j, t)]).toEqual([i, j, t, cosine >= t]);
            }
          }
        }
      }
    }
    expect(stoppedEarlyCandidates).toBeGreaterThan(1000);
  });

  it('similarAtLeast is false for zero, empty, differing-length and NaN vectors, as cosine >= t is', () => {
    const vectors = [
      [1, 2, 3, 4, 5, 6, 7, 8],
      Array(8).fill(0),
      [1, 2],
      [],
      [],
      [NaN, 1, 1, 1, 1, 1, 1, 1],
    ];
    const normed = new NormedVectors(vectors);
    for (let i = 0; i < vectors.length; i++) {
      for (let j = 0; j < vectors.length; j++) {
        for (const t of [0.97, 0, -1]) {
          expect(normed.similarAtLeast(i, j, t)).toBe(normed.cosine(i, j) >= t);
        }
      }
    }
    expect(normed.similarAtLeast(0, 0, 0.97)).toBe(true);
    expect(normed.similarAtLeast(0, 1, 0)).toBe(true);
    expect(normed.similarAtLeast(0, 5, -1)).toBe(false);
  });
});
