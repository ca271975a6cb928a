import { EchoSibling } from '../../test/fakes/echo-sibling.server';
import { FakeAuthServer } from '../../test/fakes/fake-auth.server';
import { FakeOllamaServer } from '../../test/fakes/fake-ollama.server';
import { FakeOpenAiServer } from '../../test/fakes/fake-openai.server';
import { FakeSearxngServer } from '../../test/fakes/fake-searxng.server';
import { InterimRepliesSibling } from '../../test/fakes/interim-replies-sibling.server';
import { WebhookReceiver } from '../../test/fakes/webhook-receiver.server';
import { publishDistEnv } from './dist-env';
import { freePort } from './free-port';
import { DIST_DIR, NODE_BINARY, QuarryProcess } from './quarry-process';

const TOKEN = 'dist-suite-token';

/** Everything global setup started; global teardown stops it. */
export interface Started {
  readonly quarry: QuarryProcess;
  readonly closers: Array<() => Promise<unknown>>;
}

/**
 * Starts the fakes of every upstream on 127.0.0.1 and one built service wired to all of them,
 * shared by every test file: one process keeps the suite inside its time budget.
 */
export default async function globalSetup(): Promise<void> {
  const [searxng, openai, ollama, auth, sibling, webhook, interim] = await Promise.all([
    FakeSearxngServer.start(),
    FakeOpenAiServer.start({ reply: 'Quarry caches meta-search results [1].' }),
    FakeOllamaServer.start({ reply: 'Answered by Ollama [1].' }),
    FakeAuthServer.start(),
    EchoSibling.start('discover'),
    WebhookReceiver.start(),
    InterimRepliesSibling.start(),
  ]);
  auth.users.set(TOKEN, { id: 'user-dist', email: 'dist@example.com' });
  const closers = [searxng, openai, ollama, auth, sibling, webhook, interim].map(
    (fake) => () => fake.close(),
  );
  process.stdout.write(
    `\ntest:dist: ${NODE_BINARY} ${DIST_DIR}/main.js (${await nodeVersion()})\n`,
  );
  const quarry = await QuarryProcess.start({
    NODE_ENV: 'production',
    AUTH_REQUIRED: 'true',
    AUTH_SERVICE_URL: auth.url,
    SEARXNG_URL: searxng.url,
    OPENAI_API_KEY: 'sk-dist-suite',
    OPENAI_BASE_URL: openai.baseURL,
    OLLAMA_BASE_URL: ollama.url,
    DISCOVER_SVC_URL: sibling.url,
    CHAT_SVC_URL: sibling.url,
    // The memory sibling sends 1xx replies nobody asked for (test-dist/edges.dist-spec.ts).
    MEMORY_SVC_URL: interim.url,
    // A closed port: the library sibling is unreachable, so its 502 is what the document shows.
    LIBRARY_SVC_URL: `http://127.0.0.1:${await freePort()}`,
    CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_MAX_RETRIES: '1',
    WEBHOOK_RETRY_DELAY_MS: '1',
    // One budget per caller across routes: the whole suite uses one token and one address.
    // test-dist/limits.dist-spec.ts checks the limits on builds of its own.
    RATE_LIMIT_MAX: '100000',
  }).catch(async (error: unknown) => {
    await Promise.all(closers.map((close) => close()));
    throw error;
  });
  (globalThis as { quarryDist?: Started }).quarryDist = { quarry, closers };
  publishDistEnv({
    quarryUrl: quarry.url,
    token: TOKEN,
    authUrl: auth.url,
    searxngUrl: searxng.url,
    openaiUrl: openai.url,
    ollamaUrl: ollama.url,
    siblingUrl: sibling.url,
    webhookUrl: webhook.url(''),
  });
}

async function nodeVersion(): Promise<string> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) =>
    execFile(NODE_BINARY, ['--version'], (_error, stdout) => resolve(stdout.trim())),
  );
}
