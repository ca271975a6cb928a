import autocannon from 'autocannon';
import { medianOfInterleavedRounds } from './rounds';

/** One kind of request a benchmark sends. */
export interface RequestSpec {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly body?: string | Buffer;
  readonly headers?: Record<string, string>;
}

export interface LoadOptions extends RequestSpec {
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

/** Throughput of each target: the median of three interleaved rounds by req/s. */
export function runLoadRounds(
  targets: ReadonlyArray<{ readonly name: string; readonly load: LoadOptions }>,
): Promise<Map<string, LoadResult>> {
  return medianOfInterleavedRounds(
    targets.map(({ name, load }) => ({ name, input: load })),
    (load) => runLoad({ durationSec: 4, ...load }),
    (result) => result.requestsPerSec,
  );
}
