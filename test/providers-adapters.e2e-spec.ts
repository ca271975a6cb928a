import { firstValueFrom, lastValueFrom, tap, toArray, type Observable } from 'rxjs';
import { createAdapter } from '../src/providers/provider-adapter.factory';
import { providerIdFor } from '../src/providers/config/provider-id';
import type { ProviderSpec, ProviderType } from '../src/providers/config/provider-spec';
import { ModelCallError } from '../src/providers/model.errors';
import type { ChatChunk, ChatMessage } from '../src/providers/model.ports';
import { FakeAnthropicServer } from './fakes/fake-anthropic.server';
import { FakeGeminiServer } from './fakes/fake-gemini.server';
import { FakeOllamaServer } from './fakes/fake-ollama.server';
import { bagOfWordsVector, FakeOpenAiServer } from './fakes/fake-openai.server';
import { NormedVectors } from '../src/search/ranking/vector-math';

const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Hello?' },
];

function adapterFor(type: ProviderType, config: ProviderSpec['config'], timeoutMs = 5000) {
  const spec = { id: providerIdFor(type, 'Test'), type, name: 'Test', config, origin: 'test' };
  return createAdapter(spec, timeoutMs);
}

function collect(stream: Observable<ChatChunk>): Promise<ChatChunk[]> {
  return firstValueFrom(stream.pipe(toArray()));
}

/** Subscribes and unsubscribes at the first chunk, as a client leaving mid-answer does. */
async function abortMidStream(stream: Observable<ChatChunk>): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const subscription = stream.subscribe({
      next: () => {
        subscription.unsubscribe();
        resolve();
      },
      error: reject,
    });
  });
}

describe('OpenAI-compatible adapter', () => {
  let fake: FakeOpenAiServer;
  beforeEach(async () => {
    fake = await FakeOpenAiServer.start({
      reply: 'Alpha beta gamma.',
      models: ['chat-1', 'embed-1'],
    });
  });
  afterEach(() => fake.close());
  const adapter = () =>
    adapterFor('openai', { baseURL: fake.baseURL, apiKey: 'sk-1', maxRetries: 0 });

  it('discovers models, streams and completes with model, messages and auth sent', async () => {
    expect(await adapter().discoverModels(AbortSignal.timeout(2000))).toEqual({
      chatModels: [{ key: 'chat-1', name: 'Chat 1' }],
      embeddingModels: [{ key: 'embed-1', name: 'Embed 1' }],
    });
    const chat = adapter().chatModel('chat-1');
    const chunks = await collect(chat.stream(MESSAGES));
    expect(chunks.map((c) => c.text).join('')).toBe('Alpha beta gamma.');
    expect(fake.requests.at(-1)).toMatchObject({
      headers: { authorization: 'Bearer sk-1' },
      body: { model: 'chat-1', stream: true, messages: MESSAGES },
    });
    expect(await chat.complete(MESSAGES, { json: true })).toMatchObject({
      text: 'Alpha beta gamma.',
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({ response_format: { type: 'json_object' } });
    expect(fake.requests.at(-1)?.body.stream).toBeUndefined();
  });

  it('embeds in batches, vectors in order', async () => {
    const texts = Array.from({ length: 5 }, (_, i) => `text number ${i}`);
    const model = adapterFor('openai', {
      baseURL: fake.baseURL,
      embeddingBatchSize: 2,
    }).embeddingModel('embed-1');
    const vectors = await model.embed(texts);
    expect(vectors).toHaveLength(5);
    expect(
      fake.requests.filter((r) => r.path === '/v1/embeddings').map((r) => r.body.input.length),
    ).toEqual([2, 2, 1]);
    expect((await model.embed(['text number 3']))[0]).toEqual(vectors[3]);
  });

  describe('embeddings as base64', () => {
    const TEXTS = ['red apple pie', 'apple pie with cream', 'red car', 'quantum physics lecture'];
    const embeddingCalls = () => fake.requests.filter((r) => r.path === '/v1/embeddings');
    const encodingsAsked = () => embeddingCalls().map((r) => r.body.encoding_format as string);
    /** Candidates (texts after the first) from the most to the least similar to the first. */
    const ranking = (vectors: ArrayLike<number>[]) => {
      const normed = new NormedVectors(vectors);
      return vectors
        .slice(1)
        .map((_, i) => ({ i, score: normed.cosine(0, i + 1) }))
        .sort((a, b) => b.score - a.score)
        .map(({ i }) => i);
    };
    const restartFake = async (embeddingEncodings: 'ignores-field' | 'float-only') => {
      await fake.close();
      fake = await FakeOpenAiServer.start({ models: ['chat-1', 'embed-1'], embeddingEncodings });
    };

    it('asks for base64 and gets the vectors, and the ranking, that float gives', async () => {
      const vectors = await adapter().embeddingModel('embed-1').embed(TEXTS);
      expect(encodingsAsked()).toEqual(['base64']);
      const floats = TEXTS.map((text) => bagOfWordsVector(text));
      expect(vectors.map((vector) => Array.from(vector))).toEqual(
        floats.map((vector) => vector.map((value) => expect.closeTo(value, 6))),
      );
      expect(ranking(vectors)).toEqual(ranking(floats));
    });

    it('takes the arrays of a server that ignores encoding_format as they are', async () => {
      await restartFake('ignores-field');
      const vectors = await adapter().embeddingModel('embed-1').embed(TEXTS);
      expect(encodingsAsked()).toEqual(['base64']);
      expect(vectors).toEqual(TEXTS.map((text) => bagOfWordsVector(text)));
    });

    it('asks once more as float when base64 gets a 400, and float only from then on', async () => {
      await restartFake('float-only');
      const model = adapter().embeddingModel('embed-1');
      const first = await model.embed(TEXTS);
      expect(first).toEqual(TEXTS.map((text) => bagOfWordsVector(text)));
      expect(await model.embed(TEXTS.slice(0, 1))).toEqual([bagOfWordsVector(TEXTS[0])]);
      expect(encodingsAsked()).toEqual(['base64', 'float', 'float']);
    });

    it('asks once more as float after a 422 too', async () => {
      fake.failNext({ status: 422, path: '/v1/embeddings' });
      const model = adapter().embeddingModel('embed-1');
      expect(await model.embed(TEXTS)).toEqual(TEXTS.map((text) => bagOfWordsVector(text)));
      await model.embed(TEXTS);
      expect(encodingsAsked()).toEqual(['base64', 'float', 'float']);
    });

    it('keeps base64 when the float request fails too (a 400 about something else)', async () => {
      fake.failNext({ status: 400, message: 'input too long', path: '/v1/embeddings' }, 2);
      const model = adapter().embeddingModel('embed-1');
      await expect(model.embed(TEXTS)).rejects.toMatchObject({
        failure: 'invalid_request',
        message: expect.stringContaining('input too long'),
      });
      await model.embed(TEXTS);
      expect(encodingsAsked()).toEqual(['base64', 'float', 'base64']);
    });

    it.each([401, 403, 404, 429, 500, 503])(
      'fails at once on %i, without a float retry',
      async (status) => {
        fake.failNext({ status, path: '/v1/embeddings' });
        await expect(adapter().embeddingModel('embed-1').embed(TEXTS)).rejects.toBeInstanceOf(
          ModelCallError,
        );
        expect(encodingsAsked()).toEqual(['base64']);
      },
    );
  });

  it('unsubscribing mid-stream closes the upstream connection', async () => {
    fake.setTokenDelay(30);
    await abortMidStream(adapter().chatModel('chat-1').stream(MESSAGES));
    expect((await fake.waitForDisconnect(2000)).path).toBe('/v1/chat/completions');
  });

  it.each([
    [401, 'auth_failed'],
    [404, 'model_not_found'],
    [429, 'rate_limited'],
    [500, 'unreachable'],
  ])('maps HTTP %s to %s, naming provider and model', async (status, failure) => {
    fake.failNext({ status, retryAfter: status === 429 ? 7 : undefined });
    const error = await adapter()
      .chatModel('chat-1')
      .complete(MESSAGES)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({
      failure,
      message: expect.stringMatching(/^Test model chat-1: /),
    });
    if (status === 429) expect((error as ModelCallError).headers).toEqual({ 'retry-after': '7' });
  });

  it('streams the tokens before an error event, then fails naming the provider and the error', async () => {
    fake.failNext({ midStream: 'error', afterTokens: 2 });
    const texts: string[] = [];
    const error = await lastValueFrom(
      adapter()
        .chatModel('chat-1')
        .stream(MESSAGES)
        .pipe(tap((chunk) => texts.push(chunk.text))),
    ).catch((e: unknown) => e);
    expect(texts.join('')).toBe('Alpha beta ');
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({
      failure: 'bad_response',
      message: expect.stringMatching(/^Test model chat-1: .*fake error mid-stream/),
    });
  });

  it('times out a stalled stream and closes the connection', async () => {
    fake.failNext({ midStream: 'stall', afterTokens: 1 });
    const error = await lastValueFrom(
      adapter().chatModel('chat-1').stream(MESSAGES, { timeoutMs: 300 }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: 'timeout' });
    await fake.waitForDisconnect(2000);
  });

  it('reports an unreachable server', async () => {
    await fake.close();
    const error = await adapter()
      .embeddingModel('embed-1')
      .embed(['x'])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: 'unreachable' });
    fake = await FakeOpenAiServer.start();
  });
});

describe('Ollama adapter', () => {
  let fake: FakeOllamaServer;
  beforeEach(async () => {
    fake = await FakeOllamaServer.start({
      models: ['llama3.1:8b', 'nomic-embed-text:latest'],
      reply: 'Hi from llama.',
    });
  });
  afterEach(() => fake.close());
  const adapter = () => adapterFor('ollama', { baseURL: fake.url });

  it('says length when the answer was cut at maxTokens, and sends the stop sequences', async () => {
    const model = adapter().chatModel('llama3.1:8b');
    const options = { maxTokens: 2, stop: ['END'] };
    const chunks = await collect(model.stream(MESSAGES, options));
    expect(chunks.map((c) => c.text).join('')).toBe('Hi from ');
    expect(chunks.at(-1)?.finishReason).toBe('length');
    expect(fake.requests.at(-1)?.body.options).toMatchObject({ num_predict: 2, stop: ['END'] });
    expect((await model.complete(MESSAGES, options)).finishReason).toBe('length');
    expect((await model.complete(MESSAGES)).finishReason).toBe('stop');
  });

  it('discovers /api/tags, streams /api/chat NDJSON, embeds with /api/embed', async () => {
    expect(await adapter().discoverModels(AbortSignal.timeout(2000))).toEqual({
      chatModels: [{ key: 'llama3.1:8b', name: 'Llama3.1 8b' }],
      embeddingModels: [{ key: 'nomic-embed-text:latest', name: 'Nomic Embed Text Latest' }],
    });
    const chunks = await collect(adapter().chatModel('llama3.1:8b').stream(MESSAGES));
    expect(chunks.map((c) => c.text).join('')).toBe('Hi from llama.');
    expect(chunks.at(-1)?.usage).toEqual({ promptTokens: 5, completionTokens: 3, totalTokens: 8 });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      model: 'llama3.1:8b',
      stream: true,
      messages: MESSAGES,
    });
    expect((await adapter().chatModel('llama3.1:8b').complete(MESSAGES)).text).toBe(
      'Hi from llama.',
    );
    expect(fake.requests.at(-1)?.body.stream).toBe(false);
    const vectors = await adapter().embeddingModel('nomic-embed-text:latest').embed(['a b', 'c d']);
    expect(vectors).toHaveLength(2);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/api/embed',
      body: { input: ['a b', 'c d'] },
    });
  });

  it('unsubscribing mid-stream closes the upstream connection', async () => {
    fake.setTokenDelay(30);
    await abortMidStream(adapter().chatModel('llama3.1:8b').stream(MESSAGES));
    expect((await fake.waitForDisconnect(2000)).path).toBe('/api/chat');
  });

  it('maps a missing model to model_not_found', async () => {
    fake.failNext(404);
    await expect(adapter().chatModel('nope').complete(MESSAGES)).rejects.toMatchObject({
      failure: 'model_not_found',
    });
  });
});

describe('Anthropic adapter', () => {
  let fake: FakeAnthropicServer;
  beforeEach(async () => {
    fake = await FakeAnthropicServer.start({ apiKey: 'sk-ant', reply: 'Hi from Claude.' });
  });
  afterEach(() => fake.close());
  const adapter = (apiKey = 'sk-ant') =>
    adapterFor('anthropic', { baseURL: fake.url, apiKey, maxRetries: 0 });

  it('says length when the answer was cut at maxTokens, and sends the stop sequences', async () => {
    const model = adapter().chatModel('claude-test-1');
    const options = { maxTokens: 2, stop: ['END'] };
    const chunks = await collect(model.stream(MESSAGES, options));
    expect(chunks.map((c) => c.text).join('')).toBe('Hi from ');
    expect(chunks.at(-1)?.finishReason).toBe('length');
    expect(fake.requests.at(-1)?.body).toMatchObject({ max_tokens: 2, stop_sequences: ['END'] });
    expect((await model.complete(MESSAGES, options)).finishReason).toBe('length');
    expect((await model.complete(MESSAGES)).finishReason).toBe('stop');
  });

  it('discovers models and streams messages with the system prompt apart', async () => {
    expect(await adapter().discoverModels(AbortSignal.timeout(2000))).toEqual({
      chatModels: [{ key: 'claude-test-1', name: 'Claude Test 1' }],
      embeddingModels: [],
    });
    const chunks = await collect(adapter().chatModel('claude-test-1').stream(MESSAGES));
    expect(chunks.map((c) => c.text).join('')).toBe('Hi from Claude.');
    expect(chunks.at(-1)?.usage).toEqual({ promptTokens: 7, completionTokens: 3, totalTokens: 10 });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/messages',
      headers: { authorization: 'Bearer sk-ant' },
      body: {
        model: 'claude-test-1',
        stream: true,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Hello?' }],
        max_tokens: 4096,
      },
    });
    expect((await adapter().chatModel('claude-test-1').complete(MESSAGES)).text).toBe(
      'Hi from Claude.',
    );
  });

  it('unsubscribing mid-stream closes the upstream connection; a bad key is auth_failed', async () => {
    fake.setTokenDelay(30);
    await abortMidStream(adapter().chatModel('claude-test-1').stream(MESSAGES));
    expect((await fake.waitForDisconnect(2000)).path).toBe('/v1/messages');
    await expect(
      adapter('wrong').chatModel('claude-test-1').complete(MESSAGES),
    ).rejects.toMatchObject({ failure: 'auth_failed' });
  });
});

describe('Gemini adapter', () => {
  let fake: FakeGeminiServer;
  beforeEach(async () => {
    fake = await FakeGeminiServer.start({ apiKey: 'g-key', reply: 'Hi from Gemini.' });
  });
  afterEach(() => fake.close());
  const adapter = () => adapterFor('gemini', { baseURL: fake.url, apiKey: 'g-key' });

  it('says length when the answer was cut at maxTokens, and sends the stop sequences', async () => {
    const model = adapter().chatModel('gemini-2.5-flash');
    const options = { maxTokens: 2, stop: ['END'] };
    const chunks = await collect(model.stream(MESSAGES, options));
    expect(chunks.map((c) => c.text).join('')).toBe('Hi from ');
    expect(chunks.at(-1)?.finishReason).toBe('length');
    expect(fake.requests.at(-1)?.body.generationConfig).toMatchObject({
      maxOutputTokens: 2,
      stopSequences: ['END'],
    });
    expect((await model.complete(MESSAGES, options)).finishReason).toBe('length');
    expect((await model.complete(MESSAGES)).finishReason).toBe('stop');
  });

  it('discovers models by supported action, streams and embeds', async () => {
    expect(await adapter().discoverModels(AbortSignal.timeout(2000))).toEqual({
      chatModels: [{ key: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash' }],
      embeddingModels: [{ key: 'text-embedding-004', name: 'Text Embedding 004' }],
    });
    const chunks = await collect(adapter().chatModel('gemini-2.5-flash').stream(MESSAGES));
    expect(chunks.map((c) => c.text).join('')).toBe('Hi from Gemini.');
    expect(chunks.at(-1)?.usage).toEqual({ promptTokens: 6, completionTokens: 3, totalTokens: 9 });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
      headers: { 'x-goog-api-key': 'g-key' },
      body: {
        contents: [{ role: 'user', parts: [{ text: 'Hello?' }] }],
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
      },
    });
    const vectors = await adapter().embeddingModel('text-embedding-004').embed(['one', 'two']);
    expect(vectors).toHaveLength(2);
    expect(fake.requests.at(-1)?.path).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
  });

  it('unsubscribing mid-stream closes the upstream connection; an unknown model is model_not_found', async () => {
    fake.setTokenDelay(30);
    await abortMidStream(adapter().chatModel('gemini-2.5-flash').stream(MESSAGES));
    expect((await fake.waitForDisconnect(2000)).path).toBe(
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    );
    await expect(adapter().chatModel('nope').complete(MESSAGES)).rejects.toMatchObject({
      failure: 'model_not_found',
    });
  });
});
