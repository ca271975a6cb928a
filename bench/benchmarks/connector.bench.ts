import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { runLoad } from '../support/load';
import { startHelperProcess, startService } from '../support/processes';
import type { Row } from '../support/report';
import { BENCH_SERVICE_ENV, ratio } from './bench-env';

const CONNECTIONS = 20;
const DURATION_MS = 5000;

/** Signed webhook POSTs through the connector endpoint, next to plain undici POSTs of the same bytes. */
export async function connectorBench(): Promise<Row[]> {
  const receiver = await startHelperProcess('webhook-receiver');
  const service = await startService({ ...BENCH_SERVICE_ENV, CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true' });
  try {
    const payload = { event: 'answer.ready', data: { id: 'bench', sources: 5, text: 'x'.repeat(512) } };
    const plain = await undiciLoop(receiver.url, JSON.stringify(payload));
    const signed = await runLoad({
      url: `${service.url}/api/connectors/webhook/actions/post`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.url}/hook`, body: payload, secret: 'bench-signing-secret' }),
      connections: CONNECTIONS,
    });
    return [
      { benchmark: 'connector', case: 'plain undici POST (same bytes)', 'req/s': plain.requestsPerSec, 'p50 ms': plain.p50Ms, 'p99 ms': plain.p99Ms, errors: plain.errors },
      { benchmark: 'connector', case: 'signed webhook via Quarry', 'req/s': signed.requestsPerSec, 'p50 ms': signed.p50Ms, 'p99 ms': signed.p99Ms, errors: signed.errors + signed.non2xx, 'vs baseline': ratio(signed.requestsPerSec, plain.requestsPerSec) },
    ];
  } finally {
    await service.stop();
    await receiver.stop();
  }
}

async function undiciLoop(origin: string, body: string) {
  const pool = new Pool(origin, { connections: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + DURATION_MS;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        const res = await pool.request({
          path: '/hook',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'bench' },
          body,
        });
        await res.body.dump();
        if (res.statusCode !== 200) errors += 1;
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? 0) * 100) / 100;
  return { requestsPerSec: Math.round(latencies.length / (DURATION_MS / 1000)), p50Ms: at(0.5), p99Ms: at(0.99), errors };
}
