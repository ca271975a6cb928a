import { PARAPHRASE_TRIPLETS } from '../src/search/ranking/probe-triplets';
import { FakeOpenAiServer } from '../test/fakes/fake-openai.server';
import { FakeSearxngServer, type SearxngResult } from '../test/fakes/fake-searxng.server';
import { QuarryProcess } from './support/quarry-process';

/**
 * Rule 1 of grounding (issue 33), through the front door of the built service: what the backend
 * found reaches the chat model, however few words it shares with the question. Whether the
 * sources answer is the model's judgement; "I found no sources" only when nothing was found.
 */
const QUESTION = 'How does Postgres keep old row versions around so readers never block writers?';
/** Pages that answer in their own words: not one word in common with the question. */
const PARAPHRASES: SearxngResult[] = [
  {
    title: 'Multiversion concurrency control',
    url: 'https://db.example/mvcc',
    content: 'Each transaction sees a snapshot of the data as it was when that snapshot began.',
  },
  {
    title: 'Routine vacuuming',
    url: 'https://db.example/vacuum',
    content: 'VACUUM reclaims storage occupied by dead tuples that no snapshot can see any more.',
  },
  // Two entries of one FAQ page: each is an answer of its own, not a repeat.
  {
    title: 'FAQ: locking',
    url: 'https://db.example/faq#locking',
    content: 'Reading a table takes a lock that conflicts only with ALTER TABLE and DROP TABLE.',
  },
  {
    title: 'FAQ: snapshots',
    url: 'https://db.example/faq#snapshots',
    content: 'A query that reads data sees the state committed before that query started.',
  },
];
const NO_SOURCES = /I found no sources/;

interface SearchReply {
  message: string;
  sources: Array<{ content: string; metadata: { title: string; url: string } }>;
}

describe('the built service answers from what the backend found (issue 33, rule 1)', () => {
  let searxng: FakeSearxngServer;
  let model: FakeOpenAiServer;
  let quarry: QuarryProcess;
  let providers: Array<{ id: string; chatModels: Array<{ key: string }> }>;

  beforeAll(async () => {
    searxng = await FakeSearxngServer.start();
    model = await FakeOpenAiServer.start({ reply: 'Old versions stay for open snapshots [1].' });
    quarry = await QuarryProcess.start({
      AUTH_REQUIRED: 'false',
      SEARXNG_URL: searxng.url,
      SEARCH_CACHE_TTL_MS: '0',
      OPENAI_API_KEY: 'sk-dist-found',
      OPENAI_BASE_URL: model.baseURL,
    }).catch(async (error: unknown) => {
      await Promise.all([searxng.close(), model.close()]);
      throw error;
    });
    providers = (
      (await (await fetch(`${quarry.url}/api/providers`)).json()) as { providers: typeof providers }
    ).providers;
  }, 60_000);
  afterAll(async () => {
    await quarry?.stop();
    await Promise.all([searxng?.close(), model?.close()]);
  });
  beforeEach(() => {
    searxng.reset();
    model.requests.length = 0;
    searxng.setResults(() => PARAPHRASES);
  });

  const providerWith = (key: string) =>
    providers.find((p) => p.chatModels.some((m) => m.key === key))!;
  async function ask(
    chatKey: string,
    embeddingKey: string,
    sources = ['web'],
  ): Promise<SearchReply> {
    const provider = providerWith(chatKey);
    const res = await fetch(`${quarry.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chatModel: { providerId: provider.id, key: chatKey },
        embeddingModel: { providerId: provider.id, key: embeddingKey },
        sources,
        optimizationMode: 'speed',
        query: QUESTION,
      }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as SearchReply;
  }
  const urls = (reply: SearchReply) => reply.sources.map((s) => s.metadata.url).sort();

  it('with the built-in provider: every result is a source, and the model judges them', async () => {
    const reply = await ask('extractive', 'hashing');
    expect(urls(reply)).toEqual(PARAPHRASES.map((r) => r.url).sort());
    expect(reply.message).not.toMatch(NO_SOURCES);
    for (const [, n] of reply.message.matchAll(/\[(\d+)\]/g)) {
      expect(Number(n)).toBeGreaterThanOrEqual(1);
      expect(Number(n)).toBeLessThanOrEqual(reply.sources.length);
    }
  });

  it('with an OpenAI-compatible provider: the model is asked, with every result in its prompt', async () => {
    const reply = await ask('gpt-4o-mini', 'text-embedding-3-small', ['academic']);
    expect(urls(reply)).toEqual(PARAPHRASES.map((r) => r.url).sort());
    expect(reply.message).toBe('Old versions stay for open snapshots [1].');
    // The ranking embeds the question and every result in one call (the model's first search
    // also asks it the EmbeddingProbe's texts, in a call of their own).
    const ranking = model.requests.filter(
      (r) =>
        r.path === '/v1/embeddings' &&
        !(r.body.input as string[]).includes(PARAPHRASE_TRIPLETS[0][0]),
    );
    expect(ranking).toHaveLength(1);
    expect(ranking[0].body.input).toHaveLength(1 + PARAPHRASES.length);
    const chat = model.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chat).toHaveLength(1);
    const system = (chat[0].body.messages as Array<{ role: string; content: string }>)[0].content;
    for (const result of PARAPHRASES) expect(system).toContain(result.url);
  });

  it('gives every result to the model when one excerpt alone is longer than its context', async () => {
    const long = {
      title: 'Concurrency control, the whole chapter',
      url: 'https://db.example/chapter',
      content: 'Readers see a snapshot and writers add new row versions. '.repeat(1200),
    };
    searxng.setResults(() => [long, ...PARAPHRASES]);
    const reply = await ask('gpt-4o-mini', 'text-embedding-3-small');
    expect(urls(reply)).toEqual([long, ...PARAPHRASES].map((r) => r.url).sort());
    const chat = model.requests.filter((r) => r.path === '/v1/chat/completions');
    const system = (chat[0].body.messages as Array<{ role: string; content: string }>)[0].content;
    for (const result of PARAPHRASES) expect(system).toContain(result.content);
    expect(system.length).toBeLessThan(long.content.length);
  });

  it('says it found no sources only when the backend returned nothing', async () => {
    searxng.setResults(() => []);
    const reply = await ask('gpt-4o-mini', 'text-embedding-3-small');
    expect(reply).toEqual({ message: expect.stringMatching(NO_SOURCES), sources: [] });
    expect(model.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(0);
  });
});
