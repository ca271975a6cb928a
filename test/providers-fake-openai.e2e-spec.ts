import OpenAI from 'openai';
import { FakeOpenAiServer } from './fakes/fake-openai.server';

// The fake is what other suites trust as "an OpenAI server"; check it against the official client.
describe('FakeOpenAiServer speaks the OpenAI protocol to the official SDK', () => {
  let fake: FakeOpenAiServer;
  let client: OpenAI;

  beforeEach(async () => {
    fake = await FakeOpenAiServer.start({ reply: 'One two three four.', models: ['m1', 'e1'] });
    client = new OpenAI({ baseURL: fake.baseURL, apiKey: 'sk-test', maxRetries: 0 });
  });
  afterEach(() => fake.close());

  it('lists models and answers a plain completion with usage', async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(['m1', 'e1']);
    const completion = await client.chat.completions.create({
      model: 'm1',
      messages: [{ role: 'user', content: 'hi there' }],
    });
    expect(completion.choices[0].message.content).toBe('One two three four.');
    expect(completion.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 4 });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      body: { model: 'm1', messages: [{ role: 'user', content: 'hi there' }] },
      headers: { authorization: 'Bearer sk-test' },
    });
  });

  it('streams chunks in order, then a usage chunk when asked', async () => {
    fake.setTokenDelay(5);
    const stream = await client.chat.completions.create({
      model: 'm1',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const pieces: string[] = [];
    let usage: unknown;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) pieces.push(chunk.choices[0].delta.content);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(pieces).toEqual(['One ', 'two ', 'three ', 'four.']);
    expect(usage).toMatchObject({ completion_tokens: 4 });
  });

  it('embeds with the SDK default (base64) so that similar texts are close', async () => {
    const result = await client.embeddings.create({
      model: 'e1',
      input: ['red apple pie', 'apple pie red', 'quantum physics'],
    });
    const [a, b, c] = result.data.map((item) => item.embedding);
    const dot = (x: number[], y: number[]) => x.reduce((sum, v, i) => sum + v * y[i], 0);
    expect(dot(a, b)).toBeCloseTo(1, 5);
    expect(dot(a, c)).toBeLessThan(0.5);
  });

  it('fails on demand: status with retry-after, and an error event mid-stream', async () => {
    fake.failNext({ status: 429, retryAfter: 3 });
    await expect(
      client.chat.completions.create({ model: 'm1', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 429 });

    fake.failNext({ midStream: 'error', afterTokens: 2 });
    const stream = await client.chat.completions.create({
      model: 'm1',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    const pieces: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) pieces.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    ).rejects.toThrow(/fake error mid-stream/);
    expect(pieces.join('')).toBe('One two ');
  });

  it('notices when the client aborts mid-stream', async () => {
    fake.setTokenDelay(50);
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'm1', messages: [{ role: 'user', content: 'x' }], stream: true },
      { signal: controller.signal },
    );
    // The SDK ends the iteration quietly on abort.
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) controller.abort();
    }
    const request = await fake.waitForDisconnect();
    expect(request.path).toBe('/v1/chat/completions');
  });
});
