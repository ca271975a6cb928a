import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { RequestSpec } from './load';

export interface ClosedLoopOptions extends RequestSpec {
  readonly connections: number;
  readonly durationMs: number;
  /** The CPU time used so far by the process that serves the requests. */
  readonly serverCpuMs: () => number;
  /** Whether a 200 answer is complete (a stream that ended with its last event, say). */
  readonly complete?: (text: string) => boolean;
  /** Bodies sent in turn instead of `body` (several queries, say). */
  readonly bodies?: readonly string[];
}

export interface ClosedLoopResult {
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly completed: number;
  readonly errors: number;
  /** Server CPU over the whole phase divided by the requests completed in it. */
  readonly cpuMsPerRequest: number;
}

/**
 * `connections` clients each sending the next request once the previous answer was read to the
 * end, until the duration is over; then every request in flight is finished, not cut off, so the
 * server's CPU time over the phase belongs to exactly the requests counted.
 */
export async function closedLoop(options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const target = new URL(options.url);
  const pool = new Pool(target.origin, { connections: options.connections, keepAliveTimeout: 30_000 });
  const path = `${target.pathname}${target.search}`;
  const latencies: number[] = [];
  let errors = 0;
  let bodiesSent = 0;
  const nextBody = () => (options.bodies ? options.bodies[bodiesSent++ % options.bodies.length] : options.body);
  const cpuBefore = options.serverCpuMs();
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const res = await pool.request({
          path,
          method: options.method ?? 'GET',
          headers: options.headers,
          body: nextBody(),
        });
        const text = await res.body.text();
        if (res.statusCode !== 200 || (options.complete && !options.complete(text))) errors += 1;
        else latencies.push(performance.now() - sent);
      } catch {
        errors += 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, worker));
  } finally {
    await pool.close();
  }
  const elapsedMs = performance.now() - started;
  const cpuMs = options.serverCpuMs() - cpuBefore;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? NaN) * 100) / 100;
  return {
    requestsPerSec: Math.round((latencies.length * 1000) / elapsedMs),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    completed: latencies.length,
    errors,
    cpuMsPerRequest: latencies.length > 0 ? Math.round((cpuMs / latencies.length) * 100) / 100 : NaN,
  };
}
