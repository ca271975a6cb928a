/**
 * Runs `run` for each target `rounds` times, interleaved (a, b, c, a, b, c, ...), and keeps each
 * target's median round by `rank`: drift on a shared machine then affects every target alike, and
 * one disturbed round (GC, the previous load winding down) does not decide a figure.
 */
export async function medianOfInterleavedRounds<Input, Result>(
  targets: ReadonlyArray<{ readonly name: string; readonly input: Input }>,
  run: (input: Input) => Promise<Result>,
  rank: (result: Result) => number,
  rounds = 3,
): Promise<Map<string, Result>> {
  const results = new Map<string, Result[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) results.get(target.name)!.push(await run(target.input));
  }
  return new Map(
    [...results].map(([name, runs]) => {
      const sorted = [...runs].sort((a, b) => rank(a) - rank(b));
      return [name, sorted[Math.floor(sorted.length / 2)]];
    }),
  );
}
