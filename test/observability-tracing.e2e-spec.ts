import { randomBytes } from 'node:crypto';
import { EchoSibling } from './fakes/echo-sibling.server';
import { FakeAuthServer } from './fakes/fake-auth.server';
import { FakeOpenAiServer, type RecordedRequest } from './fakes/fake-openai.server';
import { FakeSearxngServer } from './fakes/fake-searxng.server';
import { OtlpReceiver, type ReceivedSpan } from './fakes/otlp-receiver.server';
import { WebhookReceiver } from './fakes/webhook-receiver.server';
import { UNSET_PROVIDER_ENV } from './utils/provider-env';
import { buildIfNeeded, startBuiltService, type BuiltService } from './utils/built-service';

/**
 * Tracing proven from outside: the built service (`node dist/main.js`, the SDK must load before
 * every other module) exports to an OTLP/HTTP receiver in this process, and the fakes it calls
 * see a traceparent of the same trace.
 */
const PLAN = JSON.stringify({ queries: { web: ['alpha plan'] } });
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

function traceOf(headers: Record<string, string | string[] | undefined>) {
  const match = TRACEPARENT.exec(String(headers.traceparent ?? ''));
  return match ? { traceId: match[1], parentId: match[2] } : undefined;
}

describe('OpenTelemetry tracing of the built service', () => {
  let otlp: OtlpReceiver;
  let searxng: FakeSearxngServer;
  let openai: FakeOpenAiServer;
  let hooks: WebhookReceiver;
  let service: BuiltService;

  beforeAll(async () => {
    buildIfNeeded();
    [otlp, searxng, openai, hooks] = await Promise.all([
      OtlpReceiver.start(),
      FakeSearxngServer.start(),
      FakeOpenAiServer.start({
        models: ['gpt-4o-mini', 'text-embedding-3-small'],
        reply: (request: RecordedRequest) =>
          request.body.stream ? 'Alpha is the first letter [1].' : PLAN,
      }),
      WebhookReceiver.start(),
    ]);
    service = await startBuiltService({
      ...(UNSET_PROVIDER_ENV as Record<string, string>),
      NODE_ENV: 'development',
      AUTH_REQUIRED: 'false',
      LOG_LEVEL: 'info',
      SEARXNG_URL: searxng.url,
      OPENAI_BASE_URL: openai.baseURL,
      OPENAI_API_KEY: 'sk-test',
      RATE_LIMIT_MAX: '0',
      CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
  }, 180_000);

  afterAll(async () => {
    await service?.stop();
    await Promise.all([otlp?.close(), searxng?.close(), openai?.close(), hooks?.close()]);
  });

  it('continues the caller trace through every step of a streamed search, to SearxNG and the model', async () => {
    const providers = (await (await fetch(`${service.url}/api/providers`)).json()) as {
      providers: Array<{ id: string; name: string }>;
    };
    const provider = providers.providers.find((p) => p.name === 'OpenAI')!.id;
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');

    const res = await fetch(`${service.url}/api/search`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${callerSpanId}-01`,
      },
      body: JSON.stringify({
        query: 'What is alpha?',
        sources: ['web'],
        optimizationMode: 'balanced',
        stream: true,
        chatModel: { providerId: provider, key: 'gpt-4o-mini' },
        embeddingModel: { providerId: provider, key: 'text-embedding-3-small' },
      }),
    });
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toEqual({ type: 'done' });

    // The fakes saw the caller's trace.
    expect(searxng.searches.length).toBeGreaterThan(0);
    for (const search of searxng.searches) expect(traceOf(search.headers)?.traceId).toBe(traceId);
    const modelCalls = openai.requests.filter((request) => request.path !== '/v1/models');
    expect(modelCalls.length).toBeGreaterThanOrEqual(3); // plan, embed, answer
    for (const call of modelCalls) expect(traceOf(call.headers)?.traceId).toBe(traceId);

    const spans = await otlp.waitFor((received) =>
      received.some((span) => span.traceId === traceId && span.name === 'search'),
    );
    const ofTrace = spans.filter((span) => span.traceId === traceId);
    const byId = new Map(ofTrace.map((span) => [span.spanId, span]));
    const parentOf = (span: ReceivedSpan) => byId.get(span.parentSpanId);
    const one = (name: string | RegExp) => {
      const found = ofTrace.filter((span) =>
        typeof name === 'string' ? span.name === name : name.test(span.name),
      );
      expect({ name: String(name), count: found.length }).toEqual({
        name: String(name),
        count: found.length || 1,
      });
      return found[0];
    };

    expect(ofTrace.every((span) => span.service === 'quarry')).toBe(true);
    const server = one('POST /api/search');
    expect(server.parentSpanId).toBe(callerSpanId);
    expect(server.attributes['http.route']).toBe('/api/search');
    const search = one('search');
    expect(parentOf(search)).toBe(server);
    for (const step of ['search.plan', 'search.retrieve', 'search.rank', 'search.write']) {
      expect(parentOf(one(step))).toBe(search);
    }
    // One meta-search per query searched (the question, and its key phrases when it is long).
    const metaSearches = ofTrace.filter((span) => span.name === 'meta_search SearxNG');
    expect(metaSearches).toHaveLength(searxng.searches.length);
    for (const metaSearch of metaSearches) {
      expect(parentOf(metaSearch)?.name).toBe('search.retrieve');
    }
    // The HTTP client span under one is what SearxNG named as parent in its traceparent.
    const searxngParents = searxng.searches.map((s) => traceOf(s.headers)!.parentId);
    for (const parentId of searxngParents) {
      expect(metaSearches).toContain(parentOf(byId.get(parentId)!));
    }

    const planCall = ofTrace.find(
      (span) => span.name.startsWith('model chat') && parentOf(span)?.name === 'search.plan',
    );
    const answerCall = ofTrace.find(
      (span) => span.name.startsWith('model chat') && parentOf(span)?.name === 'search.write',
    );
    // Balanced embeds twice: speed's own candidates, then all of them (narrower-first ranking).
    const embedCalls = ofTrace.filter(
      (span) => span.name.startsWith('model embed') && parentOf(span)?.name === 'search.rank',
    );
    expect([planCall, answerCall, embedCalls[0]].every(Boolean)).toBe(true);
    // Each model request names the HTTP client span under its model span as parent.
    for (const call of modelCalls) {
      const client = byId.get(traceOf(call.headers)!.parentId)!;
      expect([planCall, answerCall, ...embedCalls]).toContain(parentOf(client));
    }

    // Log lines written inside the request carry its trace.
    const logged = service.logs.filter((line) => line.trace_id === traceId);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((line) => typeof line.span_id === 'string')).toBe(true);
  });

  it('sends no traceparent to a webhook target unless WEBHOOK_PROPAGATE_TRACE is true', async () => {
    const res = await fetch(`${service.url}/api/connectors/webhook/actions/post`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({ url: hooks.url(), body: { hello: 'world' } }),
    });
    expect(res.status).toBe(200);
    expect(hooks.requests).toHaveLength(1);
    expect(hooks.requests[0].headers.traceparent).toBeUndefined();
  });

  describe('with authentication, a sibling behind the proxy and WEBHOOK_PROPAGATE_TRACE=true', () => {
    let auth: FakeAuthServer;
    let sibling: EchoSibling;
    let guarded: BuiltService;

    beforeAll(async () => {
      [auth, sibling] = await Promise.all([FakeAuthServer.start(), EchoSibling.start('discover')]);
      auth.users.set('good-token', { id: 'u1', email: 'ada@example.com' });
      guarded = await startBuiltService({
        ...(UNSET_PROVIDER_ENV as Record<string, string>),
        NODE_ENV: 'development',
        AUTH_REQUIRED: 'true',
        AUTH_SERVICE_URL: auth.url,
        DISCOVER_SVC_URL: sibling.url,
        RATE_LIMIT_MAX: '0',
        CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_PROPAGATE_TRACE: 'true',
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_SERVICE_NAME: 'quarry-guarded',
      });
    }, 60_000);

    afterAll(async () => {
      await guarded?.stop();
      await Promise.all([auth?.close(), sibling?.close()]);
    });

    it('sends the trace to the auth service, the proxied sibling and the webhook target', async () => {
      const traceId = randomBytes(16).toString('hex');
      const headers = {
        authorization: 'Bearer good-token',
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      };
      const proxied = await fetch(`${guarded.url}/api/v1/discover/feed?x=1`, { headers });
      expect(proxied.status).toBe(200);
      expect(traceOf(auth.calls.at(-1)!)?.traceId).toBe(traceId);
      expect(traceOf(sibling.received.at(-1)!.headers)?.traceId).toBe(traceId);

      hooks.clear();
      const hook = await fetch(`${guarded.url}/api/connectors/webhook/actions/post`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ url: hooks.url(), body: { hello: 'world' } }),
      });
      expect(hook.status).toBe(200);
      expect(traceOf(hooks.requests[0].headers)?.traceId).toBe(traceId);

      const spans = await otlp.waitFor((received) =>
        received.some((span) => span.traceId === traceId && span.name === 'GET /api/v1/discover/*'),
      );
      expect(spans.find((span) => span.traceId === traceId)?.service).toBe('quarry-guarded');
    });
  });
});
