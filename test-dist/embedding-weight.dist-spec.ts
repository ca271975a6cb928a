import { PARAPHRASE_TRIPLETS } from '../src/search/ranking/probe-triplets';
import { FakeOpenAiServer, bagOfWordsVector } from '../test/fakes/fake-openai.server';
import { FakeSearxngServer, type SearxngResult } from '../test/fakes/fake-searxng.server';
import { QuarryProcess } from './support/quarry-process';

/**
 * How much the request's embedding model decides the order, through the built service: a model
 * that tells paraphrases from unrelated texts outranks the backend's order; one that does not (a
 * bag of words behind an OpenAI-compatible API) is one order among others, and cannot; one that
 * gives every text the same vector is not used, and drops no result as a near-duplicate.
 */
const QUESTION = 'How does Postgres keep old row versions around so readers never block writers?';
/** Neither shares a word with the question; the backend ranks the off-topic one first. */
const RESULTS: SearxngResult[] = [
  {
    title: 'Table partitioning',
    url: 'https://db.example/partitioning',
    content: 'Partitioning splits one large table into smaller physical pieces.',
  },
  {
    title: 'Multiversion concurrency control',
    url: 'https://db.example/mvcc',
    content: 'Each transaction sees a snapshot of the data as it was when that snapshot began.',
  },
];

type ModelSight = 'meaning' | 'words' | 'nothing';

/** Vectors that put the question and the MVCC page together; a dimension per probe pair too. */
function embeddingOf(sight: ModelSight) {
  if (sight === 'nothing') return () => [0.5, 0.5, 0.5, 0.5];
  return (text: string): number[] => {
    const pair =
      sight === 'meaning'
        ? PARAPHRASE_TRIPLETS.findIndex(([a, b]) => text === a || text === b)
        : -1;
    const onTopic = text.includes(QUESTION) || text.includes('snapshot');
    return [
      onTopic ? 4 : 0,
      ...PARAPHRASE_TRIPLETS.map((_, i) => (i === pair ? 4 : 0)),
      ...bagOfWordsVector(text),
    ];
  };
}

async function firstSource(sight: ModelSight): Promise<string> {
  const searxng = await FakeSearxngServer.start();
  const model = await FakeOpenAiServer.start({
    reply: 'Snapshots keep old versions [1].',
    embed: embeddingOf(sight),
  });
  let quarry: QuarryProcess | undefined;
  try {
    searxng.setResults(() => RESULTS);
    quarry = await QuarryProcess.start({
      AUTH_REQUIRED: 'false',
      SEARXNG_URL: searxng.url,
      OPENAI_API_KEY: 'sk-dist-weight',
      OPENAI_BASE_URL: model.baseURL,
    });
    const { providers } = (await (await fetch(`${quarry.url}/api/providers`)).json()) as {
      providers: Array<{ id: string; chatModels: Array<{ key: string }> }>;
    };
    const providerId = providers.find((p) => p.chatModels.some((m) => m.key === 'gpt-4o-mini'))!.id;
    const res = await fetch(`${quarry.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chatModel: { providerId, key: 'gpt-4o-mini' },
        embeddingModel: { providerId, key: 'text-embedding-3-small' },
        sources: ['web'],
        optimizationMode: 'speed',
        query: QUESTION,
      }),
    });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { sources: Array<{ metadata: { url: string } }> };
    expect(reply.sources).toHaveLength(RESULTS.length);
    return reply.sources[0].metadata.url;
  } finally {
    await quarry?.stop();
    await Promise.all([searxng.close(), model.close()]);
  }
}

describe("the request's embedding model weighs by what it can tell apart", () => {
  it('a model that tells paraphrases apart puts the page it finds on topic first', async () => {
    expect(await firstSource('meaning')).toBe('https://db.example/mvcc');
  }, 60_000);

  it("a model that does not cannot outvote the backend's order", async () => {
    expect(await firstSource('words')).toBe('https://db.example/partitioning');
  }, 60_000);

  it('a model that gives every text one vector neither orders nor calls results duplicates', async () => {
    expect(await firstSource('nothing')).toBe('https://db.example/partitioning');
  }, 60_000);
});
