import { hashedFeatures } from './text-features';

export const HASHING_DIMENSIONS = 1024;

/**
 * A vector of zeros stored as doubles, copied for each new vector: `new Array(n).fill(0)` starts as
 * small integers and is copied again on the first fractional weight, a second 8 KiB per vector.
 */
const ZERO_VECTOR: readonly number[] = Array.from({ length: HASHING_DIMENSIONS }, () => 0.5).fill(
  0,
);

/**
 * Feature-hashed TF-IDF vectors, L2-normalised, HASHING_DIMENSIONS wide, deterministic.
 *
 * IDF is computed over the batch being embedded: the search pipeline embeds the query together
 * with its candidate texts in ONE call, so query and candidates are weighted by the same corpus
 * statistics and their cosine similarities are comparable. Vectors from different calls are
 * not meant to be compared with each other.
 */
export function hashingVectors(texts: readonly string[]): number[][] {
  const documents = texts.map((text) => hashedFeatures(text));
  const documentFrequency = new Map<number, number>();
  for (const features of documents) {
    for (const key of features.keys()) {
      documentFrequency.set(key, (documentFrequency.get(key) ?? 0) + 1);
    }
  }
  const count = documents.length;
  return documents.map((features) => {
    const vector = ZERO_VECTOR.slice();
    for (const [key, weight] of features) {
      // Sub-linear term frequency (log1p of the weighted count), smoothed IDF (never zero, so a one-text batch still works).
      const idf = Math.log((1 + count) / (1 + (documentFrequency.get(key) ?? 0))) + 1;
      const sign = key & 0x80000000 ? -1 : 1; // signed hashing: collisions cancel instead of adding up
      vector[(key & 0x7fffffff) % HASHING_DIMENSIONS] += sign * Math.log1p(weight) * idf;
    }
    return normalise(vector);
  });
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot; // both are unit vectors
}

/** Scales the vector to unit length in place (a vector of its own, so no copy is needed). */
function normalise(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm !== 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}
