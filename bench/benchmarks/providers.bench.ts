import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeLatencyRounds } from '../support/latency';
import { runLoadRounds } from '../support/load';
import { startHelperProcess, startService } from '../support/processes';
import type { Row } from '../support/report';
import { BENCH_SERVICE_ENV, ratio } from './bench-env';

/** GET /api/providers against a bare Fastify route serving the same JSON (median of three interleaved rounds). */
export async function providersBench(): Promise<Row[]> {
  const service = await startService(BENCH_SERVICE_ENV);
  const file = join(tmpdir(), `quarry-providers-${process.pid}.json`);
  try {
    const document = await (await fetch(`${service.url}/api/providers`)).text();
    writeFileSync(file, document);
    const bare = await startHelperProcess('bare-json', [file]);
    try {
      const results = await runLoadRounds([
        { name: 'bare', load: { url: `${bare.url}/api/providers`, connections: 50 } },
        { name: 'quarry', load: { url: `${service.url}/api/providers`, connections: 50 } },
      ]);
      const baseline = results.get('bare')!;
      const quarry = results.get('quarry')!;
      // CPU per request without queueing: where the difference in req/s comes from.
      const cost = await probeLatencyRounds([
        { name: 'bare', probe: { url: `${bare.url}/api/providers`, requests: 5000, serverCpuMs: () => bare.cpuMs() } },
        { name: 'quarry', probe: { url: `${service.url}/api/providers`, requests: 5000, serverCpuMs: () => service.cpuMs() } },
      ]);
      return [
        { benchmark: 'providers', case: 'bare Fastify route', 'req/s': baseline.requestsPerSec, 'p50 ms': baseline.p50Ms, 'p99 ms': baseline.p99Ms, errors: baseline.errors + baseline.non2xx, '1-conn p50 ms': cost.get('bare')!.p50Ms, 'CPU us/req': cost.get('bare')!.serverCpuUs },
        { benchmark: 'providers', case: 'Quarry GET /api/providers', 'req/s': quarry.requestsPerSec, 'p50 ms': quarry.p50Ms, 'p99 ms': quarry.p99Ms, errors: quarry.errors + quarry.non2xx, 'vs baseline': ratio(quarry.requestsPerSec, baseline.requestsPerSec), '1-conn p50 ms': cost.get('quarry')!.p50Ms, 'CPU us/req': cost.get('quarry')!.serverCpuUs, target: '>= 0.90' },
      ];
    } finally {
      await bare.stop();
    }
  } finally {
    await service.stop();
  }
}
