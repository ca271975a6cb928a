import { ContractClient, expectStatus } from './support/contract-client';
import { distEnv } from './support/dist-env';
import { freePort } from './support/free-port';
import { QuarryProcess } from './support/quarry-process';

const PROMETHEUS_TEXT = /^text\/plain; version=0\.0\.4/;

/** Scrapes outside the contract: /metrics is an operator endpoint the document leaves out. */
async function scrape(url: string, token?: string): Promise<Response> {
  return fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

/** A sample's value from Prometheus text, or undefined when the series is absent. */
function sample(text: string, series: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith(`${series}{`) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics of the built service', () => {
  const env = distEnv();
  let client: ContractClient;

  beforeAll(async () => {
    client = await ContractClient.create();
  });

  it('is left out of the API document', () => {
    expect(Object.keys(client.contract.document.paths)).not.toContain('/metrics');
  });

  describe('on the main port with AUTH_REQUIRED=true (the shared service)', () => {
    it('answers 401 in the error shape without a token or with a token the auth service refuses', async () => {
      for (const token of [false, 'not-a-user'] as const) {
        const res = await client.call('GET', '/metrics', { token });
        expectStatus(res, 401);
        expect(res.json()).toMatchObject({ statusCode: 401, requestId: expect.any(String) });
      }
    });

    it('serves Prometheus text with the bearer token, quarry_ series counting a search just made', async () => {
      const search = await client.call('POST', '/api/search', {
        body: { sources: ['web'], query: 'metrics after a search', optimizationMode: 'speed' },
      });
      expectStatus(search, 200);
      const res = await scrape(`${env.quarryUrl}/metrics`, env.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(PROMETHEUS_TEXT);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = await res.text();
      expect(text).toMatch(/^# HELP quarry_searches_total /m);
      expect(sample(text, 'quarry_searches_total', { outcome: 'completed' })).toBeGreaterThan(0);
      expect(
        sample(text, 'quarry_http_requests_total', { route: '/api/search', status: '200' }),
      ).toBeGreaterThan(0);
      expect(sample(text, 'quarry_meta_search_requests_total', {})).toBeGreaterThan(0);
    });
  });

  describe('in two more builds, started side by side', () => {
    let publicMetrics: QuarryProcess;
    let ownPort: QuarryProcess;
    let metricsPort: number;

    beforeAll(async () => {
      metricsPort = await freePort();
      const auth = { AUTH_REQUIRED: 'true', AUTH_SERVICE_URL: env.authUrl };
      [publicMetrics, ownPort] = await Promise.all([
        QuarryProcess.start({ ...auth, METRICS_PUBLIC: 'true' }),
        QuarryProcess.start({ ...auth, METRICS_PORT: String(metricsPort) }),
      ]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([publicMetrics?.stop(), ownPort?.stop()]);
    });

    it('METRICS_PUBLIC=true: /metrics answers without a token, the API still does not', async () => {
      const res = await scrape(`${publicMetrics.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(PROMETHEUS_TEXT);
      expect(await res.text()).toMatch(/^# TYPE quarry_http_requests_total counter/m);
      expect((await scrape(`${publicMetrics.url}/api/providers`)).status).toBe(401);
    });

    it('METRICS_PORT: served there without a token, and 404 on the main port', async () => {
      const res = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(PROMETHEUS_TEXT);
      expect(await res.text()).toMatch(/^# TYPE quarry_http_requests_total counter/m);
      const main = await scrape(`${ownPort.url}/metrics`, env.token);
      expect(main.status).toBe(404);
      expect(await main.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    });
  });
});
