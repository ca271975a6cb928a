/**
 * Vectors compared with each other by cosine similarity many times (the ranker compares the query
 * with every candidate and the kept candidates with each other): each vector's squared norm is
 * summed once, so a pair costs one dot product instead of three sums. `cosine(i, j)` is 0 when
 * either vector is all zeros or the lengths differ.
 */
export class NormedVectors {
  private readonly squaredNorms: number[] = [];
  /** Each vector's squared norm over its first quarter and first half (see similarAtLeast). */
  private readonly quarterNorms: number[] = [];
  private readonly halfNorms: number[] = [];

  constructor(private readonly vectors: readonly ArrayLike<number>[]) {
    for (const vector of vectors) {
      const { quarter, half } = checkpoints(vector.length);
      // One sum in the order dotProduct adds (so the same norm to the bit), read at two points.
      const toQuarter = dotRange(vector, vector, 0, quarter, 0);
      const toHalf = dotRange(vector, vector, quarter, half, toQuarter);
      this.quarterNorms.push(toQuarter);
      this.halfNorms.push(toHalf);
      this.squaredNorms.push(dotRange(vector, vector, half, vector.length, toHalf));
    }
  }

  cosine(i: number, j: number): number {
    return cosineOf(this.vectors[i], this.vectors[j], this.squaredNorms[i], this.squaredNorms[j]);
  }

  /**
   * `cosine(i, j) >= threshold`, the same answer for every pair, but a pair that cannot reach the
   * threshold stops after a quarter or half of its dot product: by Cauchy-Schwarz the rest of the
   * sum adds at most the product of the rest's norms. Most pairs the ranker checks for near
   * duplicates are far from its 0.97, so most stop at the quarter.
   */
  similarAtLeast(i: number, j: number, threshold: number): boolean {
    const a = this.vectors[i];
    const b = this.vectors[j];
    const normA = this.squaredNorms[i];
    const normB = this.squaredNorms[j];
    if (a.length !== b.length || a.length === 0 || normA === 0 || normB === 0) {
      return cosineOf(a, b, normA, normB) >= threshold;
    }
    const scale = Math.sqrt(normA * normB);
    // Slack far above the rounding of these sums (about length x 1e-16 of them), so a pair is
    // only stopped when its whole cosine is below the threshold by much more than rounding.
    const needed = threshold * scale - SLACK * scale;
    const { quarter, half } = checkpoints(a.length);
    let dot = dotRange(a, b, 0, quarter, 0);
    if (dot + restBound(normA, this.quarterNorms[i], normB, this.quarterNorms[j]) < needed) {
      return false;
    }
    dot = dotRange(a, b, quarter, half, dot);
    if (dot + restBound(normA, this.halfNorms[i], normB, this.halfNorms[j]) < needed) return false;
    // The rest of the same sum: dotProduct(a, b) to the bit, so cosine(i, j) to the bit.
    return dotRange(a, b, half, a.length, dot) / scale >= threshold;
  }
}

const SLACK = 1e-9;

/** Where similarAtLeast looks: after a quarter and a half of the vector, on a multiple of four. */
function checkpoints(length: number): { quarter: number; half: number } {
  return { quarter: (length >> 2) & ~3, half: (length >> 1) & ~3 };
}

/**
 * The most the rest of a dot product can add (Cauchy-Schwarz), the rest's squared norms taken as
 * the whole less the part, plus slack for their rounding. NaN (a NaN or infinite vector) stops
 * nothing: every comparison with it is false.
 */
function restBound(normA: number, partA: number, normB: number, partB: number): number {
  const restA = Math.max(0, normA - partA) + SLACK * normA;
  const restB = Math.max(0, normB - partB) + SLACK * normB;
  return Math.sqrt(restA * restB);
}

function cosineOf(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  squaredNormA: number,
  squaredNormB: number,
): number {
  if (a.length !== b.length || a.length === 0) return 0;
  return squaredNormA === 0 || squaredNormB === 0
    ? 0
    : dotProduct(a, b) / Math.sqrt(squaredNormA * squaredNormB);
}

function dotProduct(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return dotRange(a, b, 0, a.length, 0);
}

/**
 * `dot` plus the products of a and b from `from` to `to`, four per turn, one after the other into
 * one sum: the same sums in the same order as one product per turn (so the same similarities to the
 * bit) in about three quarters of its instructions on a Float32Array of 384 (callgrind, Node 20).
 * Split at multiples of four, consecutive ranges add exactly what one range adds.
 */
function dotRange(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  from: number,
  to: number,
  dot: number,
): number {
  let i = from;
  for (; i + 3 < to; i += 4) {
    dot += a[i] * b[i];
    dot += a[i + 1] * b[i + 1];
    dot += a[i + 2] * b[i + 2];
    dot += a[i + 3] * b[i + 3];
  }
  for (; i < to; i++) dot += a[i] * b[i];
  return dot;
}
