import fc from 'fast-check';
import { providerIdFor } from '../../src/providers/config/provider-id';
import { FakeSearxngServer } from '../fakes/fake-searxng.server';
import { WebhookReceiver } from '../fakes/webhook-receiver.server';
import { UNSET_PROVIDER_ENV } from '../utils/provider-env';
import { startTestApp, type TestApp } from '../utils/test-app';
import {
  hostileString,
  hostileValue,
  mutationsOf,
  rawBodies,
  type RawBody,
} from './support/hostile-json.arbitraries';
import { expectOpenAiAnswer, expectQuarryAnswer, withinMs } from './support/response-checks';

/**
 * Thousands of generated bodies against the public POST endpoints (wrong types, missing and extra
 * fields, long strings, deep nesting, unicode, __proto__/constructor keys, non-JSON): each answer
 * is 2xx or 4xx in the route's error shape, never 5xx, never a hang; the process stays healthy.
 * Valid bodies stay cheap: the built-in offline provider, a tiny local docs folder, a fake SearxNG.
 */
const BUILTIN_ID = providerIdFor('builtin', 'Built-in (offline)');
// A hang bound per request, generous for a busy machine; no speed claim.
const ANSWER_WITHIN_MS = 15_000;
// Hundreds of requests per property: Jest's 20 s default measured the machine's speed (on a
// loaded 2-core machine one property took longer); this only bounds a hang.
const PROPERTY_RUN_TIMEOUT_MS = 180_000;
const SOURCE_KINDS = ['web', 'academic', 'discussions', 'local'];

describe('generated bodies on the public POST endpoints (e2e, property-based)', () => {
  let t: TestApp;
  let searxng: FakeSearxngServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    [searxng, receiver] = await Promise.all([FakeSearxngServer.start(), WebhookReceiver.start()]);
    t = await startTestApp({
      env: {
        ...UNSET_PROVIDER_ENV,
        SEARXNG_URL: searxng.url,
        SEARXNG_FALLBACK_URLS: undefined,
        SEARCH_SVC_URL: undefined,
        REDIS_URL: undefined,
        // Two short passages: a valid search costs milliseconds, so most runs can be valid.
        LOCAL_DOCS_DIR: 'test/hardening/fixtures/docs',
        RATE_LIMIT_MAX: '0',
        SEARCH_MAX_CONCURRENT_PER_CLIENT: '0',
        CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_MAX_RETRIES: '1',
        WEBHOOK_RETRY_DELAY_MS: '1',
        WEBHOOK_TIMEOUT_MS: '10000',
        QUARRY_MODEL_ALIASES: `quarry-speed=${BUILTIN_ID}/extractive:speed+${BUILTIN_ID}/hashing`,
        QUARRY_DEFAULT_EMBEDDING_MODEL: undefined,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([searxng?.close(), receiver?.close()]);
  });

  /** Statuses seen per route, so a generator that never gets past validation is noticed. */
  let statuses: number[] = [];
  beforeEach(() => (statuses = []));
  const succeeded = () => statuses.filter((status) => status < 300).length / statuses.length;

  async function post(url: string, body: RawBody) {
    const headers: Record<string, string> = {};
    if (body.contentType) headers['content-type'] = body.contentType;
    const res = await withinMs(
      ANSWER_WITHIN_MS,
      t.app.inject({ method: 'POST', url, headers, payload: body.payload }),
      `POST ${url}`,
    );
    statuses.push(res.statusCode);
    return res;
  }

  const modelRef = (keys: string[]) =>
    fc.oneof(
      fc.record(
        {
          providerId: fc.oneof(fc.constant(BUILTIN_ID), fc.uuid(), hostileString),
          key: fc.oneof(fc.constantFrom(...keys), hostileString),
        },
        { requiredKeys: [] },
      ),
      hostileValue,
    );

  it(
    'POST /api/search answers 2xx or 4xx in the error shape',
    async () => {
      const valid = {
        chatModel: { providerId: BUILTIN_ID, key: 'extractive' },
        embeddingModel: { providerId: BUILTIN_ID, key: 'hashing' },
        sources: ['local'],
        query: 'How are search results cached?',
      };
      const bodies = mutationsOf(valid, {
        chatModel: modelRef(['extractive', 'hashing']),
        embeddingModel: modelRef(['hashing', 'extractive']),
        sources: fc.oneof(
          fc.subarray(SOURCE_KINDS),
          fc.array(fc.oneof(fc.constantFrom(...SOURCE_KINDS), hostileString), { maxLength: 6 }),
        ),
        query: fc.oneof(hostileString, fc.constant('cache '.repeat(900))),
        optimizationMode: fc.constantFrom('speed', 'balanced', 'quality', 'fast', ''),
        systemInstructions: hostileString,
        history: fc.array(
          fc.oneof(
            fc.tuple(fc.constantFrom('human', 'assistant', 'user', 'ai', 'system'), fc.string()),
            hostileValue,
          ),
          { maxLength: 60 },
        ),
        stream: fc.oneof(fc.boolean(), fc.constantFrom('true', 1, null)),
        focusMode: fc.constantFrom('webSearch', 'academicSearch', 'writingAssistant', 'nope'),
        domainFilter: fc.array(fc.oneof(fc.domain(), hostileString), { maxLength: 25 }),
        recencyFilter: fc.constantFrom('hour', 'day', 'week', 'month', 'year', 'decade'),
        afterDate: fc.oneof(
          fc.constantFrom('2025-03-01', '03/31/2025', '2025-13-45'),
          hostileString,
        ),
        beforeDate: fc.oneof(fc.constantFrom('2024-01-01', '12/31/2030'), hostileString),
        maxSources: fc.oneof(fc.integer({ min: -5, max: 60 }), fc.double()),
      });
      await fc.assert(
        fc.asyncProperty(rawBodies(bodies), async (body) => {
          expectQuarryAnswer(await post('/api/search', body), body.payload);
        }),
        {
          numRuns: 900,
          // Found once by chance: a NUL in the query reached PostgreSQL (local documents) as a 500.
          examples: [
            [
              {
                payload: JSON.stringify({ ...valid, query: '\u0000' }),
                contentType: 'application/json',
              },
            ],
          ],
        },
      );
      expect(succeeded()).toBeGreaterThan(0.05);
    },
    PROPERTY_RUN_TIMEOUT_MS,
  );

  it(
    'POST /api/connectors/:id/actions/:action answers 2xx or 4xx in the error shape',
    async () => {
      const valid = { url: receiver.url('/hook'), body: { event: 'ping' } };
      const bodies = mutationsOf(valid, {
        url: fc.oneof(
          fc.constantFrom(
            receiver.url('/hook?x=1'),
            'ftp://127.0.0.1/x',
            'not a url',
            'http://',
            'http://[::1',
            'javascript:alert(1)',
            'file:///etc/passwd',
          ),
          hostileString,
        ),
        body: hostileValue,
        params: fc.dictionary(fc.string(), hostileValue, { maxKeys: 4 }),
        headers: fc.oneof(
          fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 4 }),
          fc.dictionary(fc.constantFrom('X-Team', 'User-Agent', 'Accept'), fc.string(), {
            maxKeys: 2,
          }),
        ),
        secret: hostileString,
      });
      const segment = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('post', 'get', 'put', 'delete', 'patch') },
        { weight: 1, arbitrary: fc.string({ minLength: 1 }).map(encodeURIComponent) },
      );
      const connectorId = fc.oneof(
        { weight: 6, arbitrary: fc.constant('webhook') },
        { weight: 1, arbitrary: fc.string({ minLength: 1 }).map(encodeURIComponent) },
      );
      await fc.assert(
        fc.asyncProperty(connectorId, segment, rawBodies(bodies), async (id, action, body) => {
          const res = await post(`/api/connectors/${id}/actions/${action}`, body);
          expectQuarryAnswer(res, `${id}/${action} ${body.payload}`);
        }),
        { numRuns: 700 },
      );
      expect(succeeded()).toBeGreaterThan(0.05);
    },
    PROPERTY_RUN_TIMEOUT_MS,
  );

  it(
    'POST /v1/chat/completions answers 2xx or 4xx in the OpenAI error shape',
    async () => {
      const valid = {
        model: 'quarry-speed',
        messages: [{ role: 'user', content: 'How are search results cached?' }],
        search_mode: 'local',
      };
      const message = fc.oneof(
        fc.record(
          {
            role: fc.constantFrom('user', 'assistant', 'system', 'developer', 'tool', 'robot'),
            content: fc.oneof(
              hostileString,
              fc.array(
                fc.record({ type: fc.constantFrom('text', 'image_url'), text: fc.string() }),
              ),
            ),
          },
          { requiredKeys: [] },
        ),
        hostileValue,
      );
      const bodies = mutationsOf(valid, {
        model: fc.oneof(fc.constantFrom('quarry-speed', `${BUILTIN_ID}/extractive`), hostileString),
        messages: fc.array(message, { maxLength: 6 }),
        search_mode: fc.constantFrom('web', 'academic', 'local', 'nope'),
        stream: fc.oneof(fc.boolean(), fc.constant('yes')),
        stream_options: fc.oneof(fc.record({ include_usage: fc.boolean() }), hostileValue),
        temperature: fc.oneof(fc.double(), fc.integer({ min: -3, max: 5 })),
        max_tokens: fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.double()),
        search_recency_filter: fc.constantFrom('hour', 'day', 'week', 'forever'),
        search_domain_filter: fc.array(fc.oneof(fc.domain(), hostileString), { maxLength: 25 }),
        web_search_options: fc.oneof(
          fc.record({ search_context_size: fc.constantFrom('low', 'medium', 'high', 'max') }),
          hostileValue,
        ),
        return_related_questions: fc.oneof(fc.boolean(), hostileValue),
      });
      await fc.assert(
        fc.asyncProperty(rawBodies(bodies), async (body) => {
          expectOpenAiAnswer(await post('/v1/chat/completions', body), body.payload);
        }),
        { numRuns: 500 },
      );
      expect(succeeded()).toBeGreaterThan(0.05);
    },
    PROPERTY_RUN_TIMEOUT_MS,
  );

  it('stays healthy and unpolluted afterwards', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      payload: {
        chatModel: { providerId: BUILTIN_ID, key: 'extractive' },
        embeddingModel: { providerId: BUILTIN_ID, key: 'hashing' },
        sources: ['local'],
        query: 'How are search results cached?',
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().sources.length).toBeGreaterThan(0);
  });
});
