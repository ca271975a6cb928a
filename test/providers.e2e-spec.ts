import { firstValueFrom, toArray } from 'rxjs';
import { MODEL_REGISTRY, type ModelRegistry } from '../src/providers/model.ports';
import { InvalidModelSelectionError } from '../src/providers/model.errors';
import { providerIdFor } from '../src/providers/config/provider-id';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeOllamaServer } from './fakes/fake-ollama.server';
import { FakeOpenAiServer } from './fakes/fake-openai.server';
import { NO_PROVIDER_ENV } from './utils/provider-env';
import { startTestApp, type TestApp } from './utils/test-app';

describe('GET /api/providers', () => {
  let app: TestApp | undefined;
  let fake: FakeOpenAiServer | undefined;
  afterEach(async () => {
    await app?.close();
    await fake?.close();
    app = fake = undefined;
  });

  it('lists the built-in offline provider on a fresh start, with a stable id', async () => {
    app = await startTestApp({ env: NO_PROVIDER_ENV });
    const response = await app.app.inject({ method: 'GET', url: '/api/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      providers: [
        {
          id: providerIdFor('builtin', 'Built-in (offline)'),
          name: 'Built-in (offline)',
          chatModels: [{ name: 'Extractive (offline)', key: 'extractive' }],
          embeddingModels: [{ name: 'Hashing TF-IDF (offline)', key: 'hashing' }],
        },
      ],
    });
    const id = (response.json() as { providers: Array<{ id: string }> }).providers[0].id;
    await app.close();
    app = await startTestApp({ env: NO_PROVIDER_ENV });
    const again = await app.app.inject({ method: 'GET', url: '/api/providers' });
    expect((again.json() as { providers: Array<{ id: string }> }).providers[0].id).toBe(id);
  });

  it('lists an OpenAI-compatible provider with its discovered models; calls reach the fake', async () => {
    fake = await FakeOpenAiServer.start({
      models: ['gpt-4o-mini', 'text-embedding-3-small', 'whisper-1'],
      reply: 'Hello from the fake.',
    });
    app = await startTestApp({
      env: {
        ...NO_PROVIDER_ENV,
        BUILTIN_PROVIDER: 'false',
        OPENAI_BASE_URL: fake.baseURL,
        OPENAI_API_KEY: 'sk-test',
      },
    });
    const response = await app.app.inject({ method: 'GET', url: '/api/providers' });
    expect(response.json()).toEqual({
      providers: [
        {
          id: providerIdFor('openai', 'OpenAI'),
          name: 'OpenAI',
          chatModels: [{ name: 'GPT 4o Mini', key: 'gpt-4o-mini' }],
          embeddingModels: [{ name: 'Text Embedding 3 Small', key: 'text-embedding-3-small' }],
        },
      ],
    });

    const registry = app.app.get<ModelRegistry>(MODEL_REGISTRY);
    const id = providerIdFor('openai', 'OpenAI');
    const chat = registry.chatModel(id, 'gpt-4o-mini');
    const chunks = await firstValueFrom(
      chat.stream([{ role: 'user', content: 'hi' }]).pipe(toArray()),
    );
    expect(chunks.map((chunk) => chunk.text).join('')).toBe('Hello from the fake.');
    expect(chunks.at(-1)?.usage).toMatchObject({ completionTokens: 4 });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/chat/completions',
      headers: { authorization: 'Bearer sk-test' },
      body: { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'hi' }] },
    });
    const vectors = await registry.embeddingModel(id, 'text-embedding-3-small').embed(['a', 'b']);
    expect(vectors).toHaveLength(2);
  });

  it('leaves out a provider that is down, still answers, and reports it in /health/ready', async () => {
    fake = await FakeOpenAiServer.start();
    const url = fake.baseURL;
    await fake.close();
    fake = undefined;
    app = await startTestApp({ env: { ...NO_PROVIDER_ENV, OPENAI_BASE_URL: url } });
    const response = await app.app.inject({ method: 'GET', url: '/api/providers' });
    expect(response.statusCode).toBe(200);
    expect(
      (response.json() as { providers: Array<{ name: string }> }).providers.map((p) => p.name),
    ).toEqual(['Built-in (offline)']);
    // Ready all the same: the built-in provider can still answer; the entry says what is down.
    const ready = await app.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ok',
      error: {
        'provider:OpenAI': { status: 'down', reason: expect.stringMatching(/unreachable/) },
      },
      info: { 'provider:Built-in (offline)': { status: 'up' } },
    });
    const registry = app.app.get<ModelRegistry>(MODEL_REGISTRY);
    expect(() => registry.chatModel(providerIdFor('openai', 'OpenAI'), 'x')).toThrow(
      /OpenAI .* is not available: could not list models/,
    );
  });

  it('explains a bad model selection: unknown id, a name as id, a display name as key', async () => {
    app = await startTestApp({ env: NO_PROVIDER_ENV });
    const registry = app.app.get<ModelRegistry>(MODEL_REGISTRY);
    const id = providerIdFor('builtin', 'Built-in (offline)');
    expect(() => registry.chatModel('00000000-0000-4000-8000-000000000000', 'extractive')).toThrow(
      new RegExp(`unknown providerId .*active providers: ${id} \\(Built-in \\(offline\\)\\)`),
    );
    expect(() => registry.chatModel('Built-in (offline)', 'extractive')).toThrow(
      `providerId "Built-in (offline)" is a provider name; use its id ${id}`,
    );
    expect(() => registry.chatModel(id, 'Extractive (offline)')).toThrow(
      /display name .* use its key "extractive"/,
    );
    expect(() => registry.chatModel(id, 'hashing')).toThrow(
      /unknown chat model key "hashing" .*is an embedding model.*valid chat model keys: extractive/,
    );
    expect(() => registry.embeddingModel(id, 'nope')).toThrow(InvalidModelSelectionError);
    expect(registry.chatModel(id, 'extractive').key).toBe('extractive');
    // A UUID is the same id in upper case.
    expect(registry.chatModel(id.toUpperCase(), 'extractive').key).toBe('extractive');
  });

  it('lists an OpenAI-compatible and an Ollama provider from a providers file, with discovered models', async () => {
    fake = await FakeOpenAiServer.start({ models: ['qwen2.5-7b', 'bge-embed'] });
    const ollama = await FakeOllamaServer.start({ models: ['llama3.1:8b', 'nomic-embed-text'] });
    try {
      const path = join(tmpdir(), `quarry-providers-${process.pid}.yaml`);
      writeFileSync(
        path,
        [
          '- type: openai',
          '  name: Local vLLM',
          `  config: { baseURL: "${fake.baseURL}" }`,
          '- type: ollama',
          '  name: Workstation',
          `  config: { baseURL: "${ollama.url}" }`,
        ].join('\n'),
      );
      app = await startTestApp({ env: { ...NO_PROVIDER_ENV, PROVIDERS_FILE: path } });
      const response = await app.app.inject({ method: 'GET', url: '/api/providers' });
      expect(response.json()).toEqual({
        providers: [
          {
            id: providerIdFor('openai', 'Local vLLM'),
            name: 'Local vLLM',
            chatModels: [{ name: 'Qwen2.5 7b', key: 'qwen2.5-7b' }],
            embeddingModels: [{ name: 'Bge Embed', key: 'bge-embed' }],
          },
          {
            id: providerIdFor('ollama', 'Workstation'),
            name: 'Workstation',
            chatModels: [{ name: 'Llama3.1 8b', key: 'llama3.1:8b' }],
            embeddingModels: [{ name: 'Nomic Embed Text', key: 'nomic-embed-text' }],
          },
          expect.objectContaining({ name: 'Built-in (offline)' }),
        ],
      });
      expect(ollama.requests.map((r) => r.path)).toEqual(['/api/tags']);
    } finally {
      await ollama.close();
    }
  });

  it('refuses to start with a bad providers file, naming file, entry and field', async () => {
    const path = join(tmpdir(), `quarry-bad-providers-${process.pid}.json`);
    writeFileSync(
      path,
      JSON.stringify([{ type: 'openai', name: 'A', config: { baseURL: 'nope' } }]),
    );
    await expect(
      startTestApp({ env: { ...NO_PROVIDER_ENV, PROVIDERS_FILE: path } }),
    ).rejects.toThrow(
      /PROVIDERS_FILE .*quarry-bad-providers.*: entry 1 \("A"\): field "config.baseURL"/,
    );
  });
});
