import { FakeOpenAiServer } from '../test/fakes/fake-openai.server';
import { distEnv } from './support/dist-env';
import { QuarryProcess } from './support/quarry-process';

const REPLY = 'Quarry streams each line of the answer as the model writes it [1].';
const TOKEN_DELAY_MS = 40;

interface StreamMessage {
  type: string;
  data?: unknown;
}

/**
 * A streamed search against a model that writes slowly, on the built service (and on Node 22 and
 * 24 in CI, where a corked response behaves differently): what the client receives and when.
 */
describe('the built service, a streamed search with a slow model', () => {
  const env = distEnv();
  let model: FakeOpenAiServer;
  let quarry: QuarryProcess;

  beforeAll(async () => {
    model = await FakeOpenAiServer.start({ reply: REPLY, tokenDelayMs: TOKEN_DELAY_MS });
    quarry = await QuarryProcess.start({
      AUTH_REQUIRED: 'false',
      SEARXNG_URL: env.searxngUrl,
      OPENAI_API_KEY: 'sk-dist-slow',
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

  it('sends init at once, every line in order as written, and ends the body properly', async () => {
    const providers = await fetch(`${quarry.url}/api/providers`).then(
      (res) => res.json() as Promise<{ providers: Array<{ id: string; name: string }> }>,
    );
    const openai = providers.providers.find((p) => /openai/i.test(p.name))!;
    const res = await fetch(`${quarry.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chatModel: { providerId: openai.id, key: 'gpt-4o-mini' },
        embeddingModel: { providerId: openai.id, key: 'text-embedding-3-small' },
        sources: ['web'],
        query: 'How does Quarry stream answers?',
        stream: true,
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    const firstAt = Date.now();
    // The init line is the whole first chunk: it did not wait for the search or the model.
    expect(Buffer.from(first.value!).toString('utf8')).toBe(
      '{"type":"init","data":"Stream connected"}\n',
    );
    const arrivals: number[] = [];
    let rest = '';
    // Reading to the end without an error: the chunked body was terminated.
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += Buffer.from(chunk.value).toString('utf8');
      arrivals.push(Date.now());
    }
    expect(rest.endsWith('\n')).toBe(true);
    const messages = rest
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as StreamMessage);
    expect(messages[0].type).toBe('sources');
    expect(messages.at(-1)).toEqual({ type: 'done' });
    const responses = messages.slice(1, -1);
    expect(responses.every((m) => m.type === 'response')).toBe(true);
    expect(responses.map((m) => m.data).join('')).toBe(REPLY);
    // The answer arrived in pieces over the time the model took, not held until the end (a loaded
    // machine may deliver a few tokens in one read, so only a lower bound on the pieces).
    const tokens = REPLY.split(' ').length;
    expect(arrivals.at(-1)! - firstAt).toBeGreaterThan(((tokens - 2) * TOKEN_DELAY_MS) / 2);
    expect(arrivals.length).toBeGreaterThanOrEqual(3);
  });
});
