/**
 * The order of a wider search that extends a narrower one (balanced or quality extending speed):
 * the narrower search's own order of its own candidates stands, and an extra candidate is placed
 * below every one of them that the judging score (one score of every candidate) puts above it.
 * An extra thus enters above a result of the narrower search only when it beats that result and
 * every result ranked below it, and never reorders them: searching more can push a weaker result
 * down, never a stronger one below a weaker one.
 *
 * `narrower` and `extras` are item indexes, best first; `judge` scores every item (higher better).
 */
export function narrowerFirst(
  narrower: readonly number[],
  extras: readonly number[],
  judge: readonly number[],
): number[] {
  // A stable sort: extras the judge ties keep their given order.
  const byJudge = [...extras].sort((a, b) => judge[b] - judge[a]);
  // The best judging score of each narrower result and of all below it.
  const bestFrom = new Array<number>(narrower.length + 1).fill(-Infinity);
  for (let at = narrower.length - 1; at >= 0; at--) {
    bestFrom[at] = Math.max(judge[narrower[at]], bestFrom[at + 1]);
  }
  const order: number[] = [];
  let next = 0;
  narrower.forEach((kept, at) => {
    while (next < byJudge.length && judge[byJudge[next]] > bestFrom[at]) {
      order.push(byJudge[next++]);
    }
    order.push(kept);
  });
  return [...order, ...byJudge.slice(next)];
}
