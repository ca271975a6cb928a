import { FakeOpenAiServer } from '../test/fakes/fake-openai.server';
import { QuarryProcess } from './support/quarry-process';

/**
 * POST /api/suggestions through the built service with an OpenAI-compatible model that, as small
 * local models often do, answers the request for JSON with a numbered list of questions.
 */
describe('the built service, suggestions from a model that writes a list instead of JSON', () => {
  let model: FakeOpenAiServer;
  let quarry: QuarryProcess;

  beforeAll(async () => {
    model = await FakeOpenAiServer.start({
      reply:
        'Here are some follow-up questions:\n1. How long are results cached?\n' +
        '2. Where is the Redis address set?\n3. Can replicas share the cache?',
    });
    quarry = await QuarryProcess.start({
      AUTH_REQUIRED: 'false',
      OPENAI_API_KEY: 'sk-dist-suggestions',
      OPENAI_BASE_URL: model.baseURL,
    }).catch(async (error: unknown) => {
      await model.close();
      throw error;
    });
  }, 60_000);
  afterAll(async () => {
    await quarry?.stop();
    await model?.close();
  });

  it('suggests the questions of the list', async () => {
    const { providers } = (await (await fetch(`${quarry.url}/api/providers`)).json()) as {
      providers: Array<{ id: string; chatModels: Array<{ key: string }> }>;
    };
    const openai = providers.find((p) => p.chatModels.some((m) => m.key === 'gpt-4o-mini'))!;
    const res = await fetch(`${quarry.url}/api/suggestions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chatHistory: [
          ['human', 'How are meta-search results cached?'],
          ['ai', 'In Redis when REDIS_URL is set [1].'],
        ],
        chatModel: { providerId: openai.id, key: 'gpt-4o-mini' },
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      suggestions: [
        'How long are results cached?',
        'Where is the Redis address set?',
        'Can replicas share the cache?',
      ],
    });
  });
});
