/** A vector as PostgreSQL's array text; non-finite numbers (never expected) as 0. */
export function realArrayLiteral(vector: ArrayLike<number>): string {
  return `{${Array.from(vector, (x) => (Number.isFinite(x) ? x : 0)).join(',')}}`;
}
