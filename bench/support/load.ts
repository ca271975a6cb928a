import autocannon from 'autocannon';

export interface LoadOptions {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly body?: string | Buffer;
  readonly headers?: Record<string, string>;
  readonly connections?: number;
  readonly durationSec?: number;
}

export interface LoadResult {
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly non2xx: number;
}

/** One autocannon run; a short warm-up first so JIT and connection set-up are not measured. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = {
    url: options.url,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
    connections: options.connections ?? 50,
  };
  await autocannon({ ...base, duration: 1 });
  const result = await autocannon({ ...base, duration: options.durationSec ?? 5 });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Runs each target's load `rounds` times, interleaved (a, b, c, a, b, c, ...), and keeps each
 * target's median round by req/s: drift on a shared machine then affects every target alike, and
 * one disturbed round does not decide the figure.
 */
export async function runLoadRounds(
  targets: ReadonlyArray<{ readonly name: string; readonly load: LoadOptions }>,
  rounds = 3,
): Promise<Map<string, LoadResult>> {
  const results = new Map<string, LoadResult[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      results.get(target.name)!.push(await runLoad({ durationSec: 4, ...target.load }));
    }
  }
  return new Map(
    [...results].map(([name, runs]) => {
      const sorted = [...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec);
      return [name, sorted[Math.floor(sorted.length / 2)]];
    }),
  );
}
