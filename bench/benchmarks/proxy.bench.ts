import { unlinkSync } from 'node:fs';
import { probeLatencyRounds } from '../support/latency';
import { runLoadRounds } from '../support/load';
import { startHelperProcess, startService, type RunningProcess } from '../support/processes';
import { writeQuarryReplyHeaders } from '../support/quarry-reply-headers';
import type { Row } from '../support/report';
import { BENCH_SERVICE_ENV, ratio } from './bench-env';

const PATH = '/api/v1/discover/feed?topic=tech';
const POST_BODY = Buffer.alloc(64 * 1024, 'q');
const TOKEN = 'bench-token';

/**
 * GET and 64 KiB POST through /api/v1/discover: (a) straight to the upstream, (b) a bare Fastify +
 * @fastify/http-proxy, (b+h) the same also sending the headers Quarry adds to every reply (what the
 * headers cost, server and load generator together), (c) Quarry without authentication, (d) Quarry
 * with authentication, cached.
 * Throughput and its latency at 50 connections (median of three interleaved rounds), then the
 * latency of requests that do not queue (one connection), which is what the proxy itself adds.
 */
export async function proxyBench(): Promise<Row[]> {
  const upstream = await startHelperProcess('upstream');
  const auth = await startHelperProcess('auth-service');
  const started: RunningProcess[] = [upstream, auth];
  try {
    const bare = await startHelperProcess('bare-proxy', [upstream.url]);
    started.push(bare);
    const open = await startService({ ...BENCH_SERVICE_ENV, DISCOVER_SVC_URL: upstream.url });
    started.push(open);
    const headersFile = await writeQuarryReplyHeaders(`${open.url}/api/providers`);
    const bareWithHeaders = await startHelperProcess('bare-proxy', [upstream.url, headersFile]);
    started.push(bareWithHeaders);
    unlinkSync(headersFile);
    const guarded = await startService({
      ...BENCH_SERVICE_ENV,
      DISCOVER_SVC_URL: upstream.url,
      AUTH_REQUIRED: 'true',
      AUTH_SERVICE_URL: auth.url,
      AUTH_CACHE_TTL_MS: '600000',
    });
    started.push(guarded);

    const targets: Array<[string, string, Record<string, string>, RunningProcess]> = [
      ['(a) upstream direct', upstream.url, {}, upstream],
      ['(b) Fastify + @fastify/http-proxy', bare.url, {}, bare],
      ["(b+h) (b) + Quarry's reply headers", bareWithHeaders.url, {}, bareWithHeaders],
      ['(c) Quarry, auth off', open.url, {}, open],
      ['(d) Quarry, auth on (cached)', guarded.url, { authorization: `Bearer ${TOKEN}` }, guarded],
    ];
    const rows: Row[] = [];
    for (const method of ['GET', 'POST'] as const) {
      const loadOf = (origin: string, headers: Record<string, string>) => ({
        url: `${origin}${PATH}`,
        method,
        headers: method === 'POST' ? { ...headers, 'content-type': 'application/octet-stream' } : headers,
        body: method === 'POST' ? POST_BODY : undefined,
      });
      const saturated = await runLoadRounds(
        targets.map(([name, origin, headers]) => ({ name, load: { ...loadOf(origin, headers), connections: 50 } })),
      );
      const unloaded = await probeLatencyRounds(
        targets.map(([name, origin, headers, server]) => ({
          name,
          probe: { ...loadOf(origin, headers), serverCpuMs: () => server.cpuMs() },
        })),
      );
      const baseline = saturated.get(targets[1][0])!;
      const baselineLatency = unloaded.get(targets[1][0])!;
      for (const [name] of targets) {
        const result = saturated.get(name)!;
        const latency = unloaded.get(name)!;
        const vsB = name.startsWith('(b+h)') || name.startsWith('(c)') || name.startsWith('(d)');
        rows.push({
          benchmark: 'proxy',
          case: `${method === 'GET' ? 'GET' : 'POST 64 KiB'} ${name}`,
          'req/s': result.requestsPerSec,
          'p50 ms': result.p50Ms,
          'p99 ms': result.p99Ms,
          errors: result.errors + result.non2xx + latency.errors,
          'vs baseline': vsB ? ratio(result.requestsPerSec, baseline.requestsPerSec) : '',
          '1-conn p50 ms': latency.p50Ms,
          '1-conn p99 ms': latency.p99Ms,
          'CPU us/req': latency.serverCpuUs,
          'p99 vs (b) ms': vsB ? (latency.p99Ms - baselineLatency.p99Ms).toFixed(2) : '',
          target: name.startsWith('(d)') ? '>= 1.0, p99 no worse than (b)' : '',
        });
      }
    }
    const authCalls = await (await fetch(`${auth.url}/__calls`)).text();
    rows.push({ benchmark: 'proxy', case: 'auth service calls during (d)', 'req/s': Number(authCalls) });
    return rows;
  } finally {
    for (const process of started.reverse()) await process.stop();
  }
}
