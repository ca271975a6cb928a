import { createServer } from 'node:net';
import { EchoSibling } from './fakes/echo-sibling.server';
import { FakeAuthServer } from './fakes/fake-auth.server';
import { FakeSearxngServer } from './fakes/fake-searxng.server';
import { WebhookReceiver } from './fakes/webhook-receiver.server';
import { NO_PROVIDER_ENV } from './utils/provider-env';
import { startTestApp, type TestApp } from './utils/test-app';

/** The value of one series in a Prometheus text exposition; undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) =>
      line.includes(`${key}="${value}"`),
    );
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('Prometheus metrics', () => {
  let searxng: FakeSearxngServer;
  let sibling: EchoSibling;
  let hooks: WebhookReceiver;

  beforeAll(async () => {
    [searxng, sibling, hooks] = await Promise.all([
      FakeSearxngServer.start(),
      EchoSibling.start('discover'),
      WebhookReceiver.start(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([searxng.close(), sibling.close(), hooks.close()]);
  });

  describe('on the main port without authentication', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({
        listen: true,
        env: {
          ...NO_PROVIDER_ENV,
          AUTH_REQUIRED: 'false',
          METRICS_ENABLED: undefined,
          METRICS_PORT: undefined,
          SEARXNG_URL: searxng.url,
          SEARXNG_FALLBACK_URLS: undefined,
          SEARCH_SVC_URL: undefined,
          REDIS_URL: undefined,
          DISCOVER_SVC_URL: sibling.url,
          CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
          WEBHOOK_MAX_RETRIES: '1',
          WEBHOOK_RETRY_DELAY_MS: '10',
          RATE_LIMIT_MAX: '0',
        },
      });
    });
    afterAll(() => t.close());

    it('shows the series of a search, a proxied request and a webhook with their labels', async () => {
      const providers = (await (await fetch(`${t.url}/api/providers`)).json()) as {
        providers: Array<{ id: string; name: string; chatModels: Array<{ key: string }> }>;
      };
      const builtin = providers.providers.find((p) =>
        p.chatModels.some((model) => model.key === 'extractive'),
      )!;
      const search = await fetch(`${t.url}/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'What is alpha?',
          sources: ['web', 'local'],
          stream: true,
          chatModel: { providerId: builtin.id, key: 'extractive' },
          embeddingModel: { providerId: builtin.id, key: 'hashing' },
        }),
      });
      expect(search.status).toBe(200);
      await search.text();
      const proxied = await fetch(`${t.url}/api/v1/discover/feed?page=2`);
      expect(proxied.status).toBe(200);
      await proxied.text();
      hooks.failTimes(1, { status: 503 });
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/connectors/webhook/actions/post',
        payload: { url: hooks.url(), body: { a: 1 } },
      });
      expect(hook.statusCode).toBe(200);

      const res = await fetch(`${t.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();

      const http = (route: string, method: string, status: string) =>
        sample(text, 'quarry_http_requests_total', { method, route, status });
      expect(http('/api/search', 'POST', '200')).toBe(1);
      expect(http('/api/v1/discover/*', 'GET', '200')).toBe(1);
      expect(text).not.toContain('route="/api/v1/discover/feed');
      expect(
        sample(text, 'quarry_http_request_duration_seconds_count', {
          route: '/api/search',
          method: 'POST',
        }),
      ).toBe(1);

      const kinds = { mode: 'speed', source_kinds: 'local,web' };
      expect(sample(text, 'quarry_searches_total', { ...kinds, outcome: 'completed' })).toBe(1);
      expect(sample(text, 'quarry_search_first_response_seconds_count', kinds)).toBe(1);
      expect(sample(text, 'quarry_search_duration_seconds_count', kinds)).toBe(1);
      expect(sample(text, 'quarry_search_sources_returned_count', { mode: 'speed' })).toBe(1);
      expect(sample(text, 'quarry_search_cache_lookups_total', { result: 'miss' })).toBe(1);
      for (const step of ['retrieve', 'rank', 'write']) {
        expect(sample(text, 'quarry_search_step_duration_seconds_count', { step })).toBe(1);
      }
      expect(
        sample(text, 'quarry_meta_search_requests_total', {
          backend: 'SearxNG',
          address: searxng.url,
          outcome: 'ok',
        }),
      ).toBe(1);
      expect(
        sample(text, 'quarry_model_calls_total', {
          provider: builtin.name,
          model: 'extractive',
          kind: 'chat',
          outcome: 'ok',
        }),
      ).toBe(1);
      expect(
        sample(text, 'quarry_model_calls_total', {
          provider: builtin.name,
          kind: 'embed',
          outcome: 'ok',
        }),
      ).toBe(1);
      expect(
        sample(text, 'quarry_model_time_to_first_token_seconds_count', { provider: builtin.name }),
      ).toBe(1);
      expect(sample(text, 'quarry_active_streams', { route: '/api/search' })).toBe(0);

      expect(
        sample(text, 'quarry_proxy_requests_total', { sibling: 'discover', status: '200' }),
      ).toBe(1);
      expect(
        sample(text, 'quarry_proxy_request_duration_seconds_count', { sibling: 'discover' }),
      ).toBe(1);

      expect(
        sample(text, 'quarry_webhook_attempts_total', { method: 'POST', outcome: 'http_error' }),
      ).toBe(1);
      expect(sample(text, 'quarry_webhook_attempts_total', { method: 'POST', outcome: 'ok' })).toBe(
        1,
      );
      expect(sample(text, 'quarry_webhook_retries_total', { method: 'POST' })).toBe(1);
      expect(
        sample(text, 'quarry_webhook_deliveries_total', { method: 'POST', outcome: 'delivered' }),
      ).toBe(1);

      expect(sample(text, 'quarry_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'quarry_process_cpu_seconds_total')).toBeGreaterThan(0);
    });
  });

  describe('with AUTH_REQUIRED=true on the main port', () => {
    let auth: FakeAuthServer;
    beforeAll(async () => {
      auth = await FakeAuthServer.start();
      auth.users.set('good-token', { id: 'u1' });
    });
    afterAll(() => auth.close());

    const start = (extra: Record<string, string | undefined>) =>
      startTestApp({
        env: {
          ...NO_PROVIDER_ENV,
          AUTH_REQUIRED: 'true',
          AUTH_SERVICE_URL: auth.url,
          METRICS_ENABLED: undefined,
          METRICS_PORT: undefined,
          METRICS_PUBLIC: undefined,
          REDIS_URL: undefined,
          ...extra,
        },
      });

    it('needs a bearer token, and counts the validations', async () => {
      const t = await start({});
      try {
        expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
        const authorized = { authorization: 'Bearer good-token' };
        expect((await t.app.inject({ url: '/metrics', headers: authorized })).statusCode).toBe(200);
        const text = (await t.app.inject({ url: '/metrics', headers: authorized })).body;
        expect(sample(text, 'quarry_auth_service_calls_total', { outcome: 'valid' })).toBe(1);
        expect(sample(text, 'quarry_auth_cache_hits_total', { cache: 'memory' })).toBe(1);
        expect(
          sample(text, 'quarry_http_requests_total', { route: '/metrics', status: '401' }),
        ).toBe(1);
      } finally {
        await t.close();
      }
    });

    it('is open with METRICS_PUBLIC=true', async () => {
      const t = await start({ METRICS_PUBLIC: 'true' });
      try {
        expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });

    it('moves to METRICS_PORT, open there and gone from the main port', async () => {
      const port = await freePort();
      const t = await start({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
      try {
        expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
        const res = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('quarry_http_requests_total');
        expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      } finally {
        await t.close();
      }
      // Closed with the app.
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    });

    it('is absent with METRICS_ENABLED=false', async () => {
      const t = await start({ METRICS_ENABLED: 'false', METRICS_PUBLIC: 'true' });
      try {
        expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      } finally {
        await t.close();
      }
    });
  });
});
