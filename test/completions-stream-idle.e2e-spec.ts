import OpenAI from 'openai';
import { FakeOpenAiServer } from './fakes/fake-openai.server';
import { UNSET_PROVIDER_ENV } from './utils/provider-env';
import { startTestApp, type TestApp } from './utils/test-app';

/** A /v1 stream whose model stalls ends at STREAM_IDLE_TIMEOUT_MS, as the search stream does. */
describe('/v1 streaming idle timeout (e2e)', () => {
  let t: TestApp;
  let llm: FakeOpenAiServer;
  let client: OpenAI;
  let model: string;

  beforeAll(async () => {
    llm = await FakeOpenAiServer.start({
      models: ['gpt-test'],
      reply: 'Alpha comes first and beta follows it.',
    });
    t = await startTestApp({
      listen: true,
      env: {
        ...UNSET_PROVIDER_ENV,
        OPENAI_BASE_URL: llm.baseURL,
        OPENAI_API_KEY: 'sk-upstream',
        SEARXNG_URL: undefined,
        SEARXNG_FALLBACK_URLS: undefined,
        SEARCH_SVC_URL: undefined,
        QUARRY_MODEL_ALIASES: undefined,
        QUARRY_DEFAULT_EMBEDDING_MODEL: undefined,
        // Generous, so the first token comes within it on a busy machine; the test's stall never
        // sends another.
        STREAM_IDLE_TIMEOUT_MS: '3000',
      },
    });
    client = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: 'caller-token', maxRetries: 0 });
    model = (await client.models.list()).data.find((m) => m.id.endsWith('/gpt-test'))!.id;
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('ends a stalled stream with an error event and frees the model call', async () => {
    llm.failNext({ midStream: 'stall', afterTokens: 1, path: '/v1/chat/completions' });
    const started = Date.now();
    const stream = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'alpha beta' }],
      stream: true,
      disable_search: true,
    } as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming);
    const text: string[] = [];
    const error = await (async () => {
      for await (const chunk of stream) text.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    const ms = Date.now() - started;

    expect(text.join('')).toMatch(/^Alpha/);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as Error).message).toMatch(/no stream event within 3000 ms/);
    // Only the lower bound is timing: a stream that never ended would fail on the test timeout.
    expect(ms).toBeGreaterThanOrEqual(2900);
    await expect(llm.waitForDisconnect(10_000)).resolves.toMatchObject({
      path: '/v1/chat/completions',
    });
  });
});
