import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { providerIdFor } from '../../src/providers/config/provider-id';
import { FakeAuthServer } from '../fakes/fake-auth.server';
import { FakeOpenAiServer } from '../fakes/fake-openai.server';
import { WebhookReceiver } from '../fakes/webhook-receiver.server';
import { startTestApp, type TestApp } from '../utils/test-app';

const BUILTIN_ID = providerIdFor('builtin', 'Built-in (offline)');
const BUILTIN_MODELS = {
  chatModel: { providerId: BUILTIN_ID, key: 'extractive' },
  embeddingModel: { providerId: BUILTIN_ID, key: 'hashing' },
};

describe('LOCAL_DOCS_DIR cannot be left (e2e)', () => {
  let sandbox: string;
  let t: TestApp;

  beforeAll(async () => {
    // docs/ inside a sandbox; secrets beside it, reachable only through links or crafted names.
    sandbox = mkdtempSync(join(tmpdir(), 'quarry-docs-'));
    const docs = join(sandbox, 'docs');
    const outside = join(sandbox, 'outside');
    mkdirSync(docs);
    mkdirSync(outside);
    mkdirSync(join(sandbox, 'docs-sibling'));
    writeFileSync(
      join(docs, 'inside.md'),
      '# Inside\n\nThe zephyr marker lives inside the docs.\n',
    );
    writeFileSync(join(outside, 'secret.md'), '# Secret\n\nzephyr outsidesecret credentials.\n');
    writeFileSync(join(sandbox, 'docs-sibling', 'near.md'), '# Near\n\nzephyr nearsecret.\n');
    symlinkSync(join(outside, 'secret.md'), join(docs, 'linked-secret.md'));
    symlinkSync(outside, join(docs, 'linked-dir'));
    symlinkSync('../docs-sibling', join(docs, 'relative-link'));
    t = await startTestApp({
      env: { LOCAL_DOCS_DIR: docs, RATE_LIMIT_MAX: '0', SEARXNG_URL: undefined },
    });
    // The index is built in the background at start-up: polled until ready (the hook's timeout
    // bounds a hang; a fixed number of polls ran out on a busy machine).
    while ((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode !== 200)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(sandbox, { recursive: true, force: true });
  });

  it.each([
    'zephyr',
    'zephyr outsidesecret credentials',
    '../outside/secret.md zephyr',
    '..%2F..%2Foutside%2Fsecret.md',
    'file:///etc/passwd zephyr nearsecret',
  ])('answers %j only from files inside the folder', async (query) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      payload: { ...BUILTIN_MODELS, sources: ['local'], query },
    });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    if (query === 'zephyr') expect(res.json().sources.length).toBeGreaterThan(0);
    expect(body).not.toMatch(/outsidesecret|nearsecret|linked-secret|linked-dir|relative-link/);
    for (const source of res.json().sources as Array<{ metadata: { url: string } }>) {
      expect(source.metadata.url.startsWith(`file://${join(sandbox, 'docs')}/`)).toBe(true);
    }
  });
});

describe('secrets and tokens stay out of the logs (e2e)', () => {
  const OPENAI_KEY = 'sk-live-LOGLEAK-openai-7f2c';
  const BEARER = 'bearer-LOGLEAK-token-91ab';
  const BAD_BEARER = 'bearer-LOGLEAK-invalid-55de';
  const WEBHOOK_DEFAULT_SECRET = 'whsec-LOGLEAK-default-3c1d';
  const WEBHOOK_PARAM_SECRET = 'whsec-LOGLEAK-param-8e0f';
  const HEADER_KEY = 'hdr-LOGLEAK-apikey-41aa';
  const QUERY_KEY = 'qs-LOGLEAK-apikey-c0de';
  let openai: FakeOpenAiServer;
  let auth: FakeAuthServer;
  let receiver: WebhookReceiver;
  let t: TestApp;

  beforeAll(async () => {
    [openai, auth, receiver] = await Promise.all([
      FakeOpenAiServer.start(),
      FakeAuthServer.start(),
      WebhookReceiver.start(),
    ]);
    auth.users.set(BEARER, { id: 'user-7', email: 'seven@example.com' });
    t = await startTestApp({
      listen: true,
      captureLogs: true,
      env: {
        OPENAI_BASE_URL: openai.baseURL,
        OPENAI_API_KEY: OPENAI_KEY,
        AUTH_REQUIRED: 'true',
        AUTH_SERVICE_URL: auth.url,
        DISCOVER_SVC_URL: 'http://127.0.0.1:9',
        WEBHOOK_SIGNING_SECRET: WEBHOOK_DEFAULT_SECRET,
        WEBHOOK_MAX_RETRIES: '1',
        WEBHOOK_RETRY_DELAY_MS: '1',
        CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
        RATE_LIMIT_MAX: '0',
        SEARXNG_URL: undefined,
        LOCAL_DOCS_DIR: 'test/hardening/fixtures/docs',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([openai?.close(), auth?.close(), receiver?.close()]);
  });

  it('logs none of them while requests carrying them succeed and fail', async () => {
    const headers = {
      authorization: `Bearer ${BEARER}`,
      'x-api-key': HEADER_KEY,
      cookie: `session=${HEADER_KEY}`,
    };
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${t.url}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
    const json = { 'content-type': 'application/json' };

    // The model provider refuses the key (401) on every call: errors that name the provider.
    const providers = (await (await call('/api/providers')).json()) as {
      providers: Array<{ id: string; name: string }>;
    };
    const openaiProvider = providers.providers.find((p) => p.name === 'OpenAI')!;
    expect(openaiProvider).toBeDefined();
    openai.failNext({ status: 401, code: 'invalid_api_key' }, 6);
    {
      const res = await call('/api/search', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          chatModel: { providerId: openaiProvider.id, key: 'gpt-4o-mini' },
          embeddingModel: { providerId: openaiProvider.id, key: 'text-embedding-3-small' },
          sources: ['local'],
          query: `How are search results cached? ${QUERY_KEY}`,
        }),
      });
      expect(res.status).toBe(502);
      expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    }
    // Webhooks signed with both secrets, one delivery failing with 5xx then a reset.
    receiver.script({ status: 500, body: 'down' }, { reset: true });
    for (const secret of [undefined, WEBHOOK_PARAM_SECRET]) {
      await call('/api/connectors/webhook/actions/post', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          url: receiver.url(`/hook?token=${QUERY_KEY}`),
          body: { hello: 'world' },
          headers: { 'X-Api-Key': HEADER_KEY },
          ...(secret ? { secret } : {}),
        }),
      });
    }
    // A proxy call to a dead sibling, with the key in the query string.
    await call(`/api/v1/discover/x?api_key=${QUERY_KEY}`);
    // A rejected token, and a token in a query string.
    await fetch(`${t.url}/api/providers?access_token=${QUERY_KEY}`, {
      headers: { authorization: `Bearer ${BAD_BEARER}` },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const logged = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(5);
    for (const secret of [
      OPENAI_KEY,
      BEARER,
      BAD_BEARER,
      WEBHOOK_DEFAULT_SECRET,
      WEBHOOK_PARAM_SECRET,
      HEADER_KEY,
      QUERY_KEY,
    ]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain('LOGLEAK');
  });
});
