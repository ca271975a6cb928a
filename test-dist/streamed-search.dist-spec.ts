import { FakeOpenAiServer } from '../test/fakes/fake-openai.server';
import { FakeSearxngServer } from '../test/fakes/fake-searxng.server';
import { QuarryProcess } from './support/quarry-process';

const REPLY = 'Quarry streams each line of the answer as the model writes it [1].';

interface StreamMessage {
  type: string;
  data?: unknown;
}

/**
 * A streamed search on the built service (and on Node 22 and 24 in CI, where a corked response
 * behaves differently): what the client receives, and that each part leaves before the next
 * exists. The fakes wait for the client instead of the test timing it: the search backend answers
 * only once the client has read init, the model writes the rest of its answer only once the client
 * has read its first chunk. A service that held lines back would hang until the test's timeout.
 */
describe('the built service, a streamed search', () => {
  let model: FakeOpenAiServer;
  let searxng: FakeSearxngServer;
  let quarry: QuarryProcess;

  beforeAll(async () => {
    [model, searxng] = await Promise.all([
      FakeOpenAiServer.start({ reply: REPLY }),
      FakeSearxngServer.start(),
    ]);
    quarry = await QuarryProcess.start({
      AUTH_REQUIRED: 'false',
      SEARXNG_URL: searxng.url,
      OPENAI_API_KEY: 'sk-dist-slow',
      OPENAI_BASE_URL: model.baseURL,
    }).catch(async (error: unknown) => {
      await Promise.all([model.close(), searxng.close()]);
      throw error;
    });
  }, 60_000);
  afterAll(async () => {
    await quarry?.stop();
    await Promise.all([model?.close(), searxng?.close()]);
  });

  it('sends init at once, every line in order as written, and ends the body properly', async () => {
    const providers = await fetch(`${quarry.url}/api/providers`).then(
      (res) => res.json() as Promise<{ providers: Array<{ id: string; name: string }> }>,
    );
    const openai = providers.providers.find((p) => /openai/i.test(p.name))!;
    const releaseSearch = searxng.hold();
    const releaseModel = model.holdAfter(2);
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
    // The init line is the whole first chunk: the search has not even been answered yet.
    expect(Buffer.from(first.value!).toString('utf8')).toBe(
      '{"type":"init","data":"Stream connected"}\n',
    );
    releaseSearch();
    let rest = '';
    // Reading to the end without an error: the chunked body was terminated.
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += Buffer.from(chunk.value).toString('utf8');
      if (rest.includes('"type":"response"')) releaseModel();
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
  });
});
