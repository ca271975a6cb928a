import { unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeLatencyRounds } from '../support/latency';
import { runLoadRounds } from '../support/load';
import { startHelperProcess, startService } from '../support/processes';
import type { Cell, Row } from '../support/report';
import { writeQuarryReplyHeaders } from '../support/quarry-reply-headers';
import { BENCH_SERVICE_ENV, ratio } from './bench-env';

/**
 * GET /api/providers against a bare Fastify route serving the same JSON, and the same route also
 * sending the headers Quarry adds to every reply (median of three interleaved rounds): the second
 * baseline separates what the headers cost (server and load generator) from Quarry's own handling.
 */
export async function providersBench(): Promise<Row[]> {
  const service = await startService(BENCH_SERVICE_ENV);
  const file = join(tmpdir(), `quarry-providers-${process.pid}.json`);
  try {
    const document = await (await fetch(`${service.url}/api/providers`)).text();
    writeFileSync(file, document);
    const headersFile = await writeQuarryReplyHeaders(`${service.url}/api/providers`);
    const bare = await startHelperProcess('bare-json', [file]);
    const bareWithHeaders = await startHelperProcess('bare-json', [file, headersFile]);
    try {
      const targets = [
        { name: 'bare', server: bare },
        { name: 'bare+headers', server: bareWithHeaders },
        { name: 'quarry', server: service },
      ];
      const results = await runLoadRounds(
        targets.map(({ name, server }) => ({ name, load: { url: `${server.url}/api/providers`, connections: 50 } })),
      );
      // CPU per request without queueing: where the difference in req/s comes from.
      const cost = await probeLatencyRounds(
        targets.map(({ name, server }) => ({
          name,
          probe: { url: `${server.url}/api/providers`, requests: 5000, serverCpuMs: () => server.cpuMs() },
        })),
      );
      const baseline = results.get('bare')!;
      const row = (name: string, label: string, extra: Record<string, Cell> = {}): Row => {
        const load = results.get(name)!;
        return {
          benchmark: 'providers',
          case: label,
          'req/s': load.requestsPerSec,
          'p50 ms': load.p50Ms,
          'p99 ms': load.p99Ms,
          errors: load.errors + load.non2xx,
          '1-conn p50 ms': cost.get(name)!.p50Ms,
          'CPU us/req': cost.get(name)!.serverCpuUs,
          ...extra,
        };
      };
      return [
        row('bare', 'bare Fastify route'),
        row('bare+headers', "bare route + Quarry's reply headers", {
          'vs baseline': ratio(results.get('bare+headers')!.requestsPerSec, baseline.requestsPerSec),
        }),
        row('quarry', 'Quarry GET /api/providers', {
          'vs baseline': ratio(results.get('quarry')!.requestsPerSec, baseline.requestsPerSec),
          target: '>= 0.90',
        }),
      ];
    } finally {
      await bare.stop();
      await bareWithHeaders.stop();
      unlinkSync(headersFile);
    }
  } finally {
    await service.stop();
  }
}
