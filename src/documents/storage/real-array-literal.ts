/** Vectors are sent with six decimals: a cosine moves by under 2e-5, and the text is half as long. */
const SCALE = 1e6;

/**
 * A vector as PostgreSQL's array text, each value as an integer count of millionths
 * (`31234e-6`: integers print faster than fractions); non-finite numbers (never expected) as 0.
 */
export function realArrayLiteral(vector: ArrayLike<number>): string {
  let literal = '{';
  for (let i = 0; i < vector.length; i++) {
    const x = vector[i];
    const millionths = Number.isFinite(x) ? Math.round(x * SCALE) : 0;
    if (i > 0) literal += ',';
    literal += millionths === 0 ? '0' : `${millionths}e-6`;
  }
  return `${literal}}`;
}
