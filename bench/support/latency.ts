import { performance } from 'node:perf_hooks';
import { Client } from 'undici';
import type { RequestSpec } from './load';
import { medianOfInterleavedRounds } from './rounds';

export interface LatencyOptions extends RequestSpec {
  /** Requests timed, one after the other on one keep-alive connection. */
  readonly requests?: number;
  readonly warmup?: number;
  /** The CPU time used so far by the process that serves the requests, to report it per request. */
  readonly serverCpuMs?: () => number;
}

export interface LatencyResult {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  /** CPU the serving process used per timed request (user + system, all its threads), when known. */
  readonly serverCpuUs: number;
}

/**
 * The latency a request sees when it does not queue behind others: one connection, one request at
 * a time, timed with sub-millisecond resolution (autocannon's histogram counts whole milliseconds).
 * Under saturation p99 is dominated by queueing (connections / req/s), not by the work per request.
 */
export async function probeLatency(options: LatencyOptions): Promise<LatencyResult> {
  const target = new URL(options.url);
  const client = new Client(target.origin, { keepAliveTimeout: 30_000 });
  const path = `${target.pathname}${target.search}`;
  const once = async (): Promise<boolean> => {
    const res = await client.request({
      path,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
    });
    await res.body.dump();
    return res.statusCode < 400;
  };
  try {
    for (let i = 0; i < (options.warmup ?? 300); i++) await once();
    const timings: number[] = [];
    let errors = 0;
    const cpuBefore = options.serverCpuMs?.() ?? Number.NaN;
    for (let i = 0; i < (options.requests ?? 2000); i++) {
      const started = performance.now();
      if (!(await once())) errors += 1;
      timings.push(performance.now() - started);
    }
    const cpuUsed = (options.serverCpuMs?.() ?? Number.NaN) - cpuBefore;
    timings.sort((a, b) => a - b);
    const at = (q: number) => Math.round(timings[Math.floor(q * (timings.length - 1))] * 100) / 100;
    const serverCpuUs = Math.round((cpuUsed * 1000) / timings.length);
    return { p50Ms: at(0.5), p99Ms: at(0.99), errors, serverCpuUs };
  } finally {
    await client.close();
  }
}

/** Unloaded latency of each target: the median of three interleaved rounds by p99. */
export function probeLatencyRounds(
  targets: ReadonlyArray<{ readonly name: string; readonly probe: LatencyOptions }>,
): Promise<Map<string, LatencyResult>> {
  return medianOfInterleavedRounds(
    targets.map(({ name, probe }) => ({ name, input: probe })),
    (probe) => probeLatency({ requests: 1000, warmup: 200, ...probe }),
    (result) => result.p99Ms,
  );
}
