import type { EmbeddingModel } from '../../providers';
import { EmbeddingProbe } from '../ranking/embedding-probe';
import { PARAPHRASE_TRIPLETS } from '../ranking/probe-triplets';
import type { Candidate } from './candidate';
import { type NarrowerSearch, Ranker } from './ranker.step';

const excerpt = (n: number, snippet: string): Candidate => ({
  kind: 'web',
  url: `https://docs.example/${n}`,
  title: `Page ${n}`,
  snippet,
});

/** Bag-of-words vectors: each word adds 1 to a dimension picked by its letters. */
function wordVectors(texts: readonly string[]): number[][] {
  return texts.map((text) => {
    const vector = new Array<number>(256).fill(0);
    for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
      let hash = 7;
      for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % 256;
      vector[hash] += 1;
    }
    return vector;
  });
}

/** A lexical embedding model, flagged as the built-in hashing model is. */
const lexicalModel: EmbeddingModel = {
  providerId: 'b',
  providerName: 'Built-in',
  key: 'words',
  lexicalOnly: true,
  embed: (texts) => Promise.resolve(wordVectors(texts)),
};

/**
 * An embedding model that "understands" one paraphrase: a strong dimension says whether a text is
 * on the question's topic, the hashed words keep different texts apart. Unless told it knows only
 * that topic, it also knows the paraphrases the EmbeddingProbe asks about (a dimension per pair).
 */
function semanticModel(
  onTopic: (text: string) => boolean,
  knowsProbe = true,
  key = 'meaning',
): EmbeddingModel {
  const pairOf = (text: string) =>
    knowsProbe ? PARAPHRASE_TRIPLETS.findIndex(([a, b]) => text === a || text === b) : -1;
  return {
    providerId: 'p',
    providerName: 'Semantic',
    key,
    embed: (texts) =>
      Promise.resolve(
        wordVectors(texts).map((vector, i) => [
          onTopic(texts[i]) ? 5 : 0,
          ...PARAPHRASE_TRIPLETS.map((_, pair) => (pair === pairOf(texts[i]) ? 5 : 0)),
          ...vector,
        ]),
      ),
  };
}

describe('Ranker', () => {
  const ranker = new Ranker(new EmbeddingProbe());
  const signal = new AbortController().signal;
  const question = 'How does Postgres keep old row versions around so readers never block writers?';
  // What a backend returns for a paraphrase: the pages say it in their own words.
  const paraphrases = [
    excerpt(1, 'Multiversion concurrency control gives each transaction a snapshot of the data.'),
    excerpt(2, 'VACUUM reclaims storage occupied by dead tuples.'),
    excerpt(3, 'Table partitioning splits one large table into smaller physical pieces.'),
  ];

  // The model sees the second excerpt as on the question's topic, the backend the first.
  const onVacuum = () => semanticModel((text) => text === question || text.includes('VACUUM'));
  const rank = (embeddingModel: EmbeddingModel, candidates = paraphrases, query = question) =>
    ranker.rank({ query, candidates, embeddingModel, signal });

  it('keeps every candidate that shares no word with the question, in an order', async () => {
    const ranked = await rank(lexicalModel);
    expect(ranked.map((c) => c.url).sort()).toEqual(paraphrases.map((c) => c.url).sort());
  });

  it('keeps candidates of a question in a language the word lists do not know', async () => {
    const italian = 'Come fa Postgres a conservare le vecchie versioni delle righe?';
    const ranked = await rank(lexicalModel, paraphrases, italian);
    expect(ranked).toHaveLength(paraphrases.length);
  });

  it("lets a semantic model's order outweigh the backend's", async () => {
    const ranked = await rank(onVacuum());
    expect(ranked[0].url).toBe('https://docs.example/2');
  });

  it('weighs a lexical-only model (the built-in hashing one) as one order among others', async () => {
    const ranked = await rank({ ...onVacuum(), lexicalOnly: true });
    expect(ranked[0].url).toBe('https://docs.example/1');
  });

  it('weighs a model that cannot tell paraphrases from unrelated texts as one order among others', async () => {
    const onlyVacuum = (text: string) => text === question || text.includes('VACUUM');
    const ranked = await rank(semanticModel(onlyVacuum, false, 'topic-only'));
    expect(ranked[0].url).toBe('https://docs.example/1');
  });

  it('keeps every candidate with a model that gives every text one vector, and stops asking it', async () => {
    const calls: string[][] = [];
    const blind: EmbeddingModel = {
      providerId: 'p',
      providerName: 'Blind',
      key: 'same-vector',
      embed: (texts) => {
        calls.push([...texts]);
        return Promise.resolve(texts.map(() => [1, 0, 0]));
      },
    };
    const blindRanker = new Ranker(new EmbeddingProbe());
    const first = await blindRanker.rank({
      query: question,
      candidates: paraphrases,
      embeddingModel: blind,
      signal,
    });
    expect(first.map((c) => c.url)).toEqual(paraphrases.map((c) => c.url));
    const asked = calls.length;
    const second = await blindRanker.rank({
      query: question,
      candidates: paraphrases,
      embeddingModel: blind,
      signal,
    });
    expect(second).toHaveLength(paraphrases.length);
    expect(calls).toHaveLength(asked);
  });

  describe('extending a narrower search (balanced and quality extend speed)', () => {
    const question = 'How do I cache HTTP responses?';
    const wideQuery = `${question}\nundici cache store interceptor`;
    // Speed's candidates: the backend put the general answer first, the undici one second.
    const speedFound = [
      excerpt(10, 'Cache HTTP responses: a stored copy of a response is reused.'),
      excerpt(11, 'The undici cache store interceptor keeps undici responses.'),
      excerpt(12, 'HTTP caching headers say how long a response stays fresh.'),
    ];
    const onQuestion = excerpt(20, 'How to cache HTTP responses: cache responses, reuse HTTP.');
    const offQuestion = excerpt(21, 'undici interceptor store undici interceptor store undici.');
    const narrower = { query: question, found: (c: Candidate) => speedFound.includes(c) };
    const widened = (candidates: readonly Candidate[], extended: NarrowerSearch = narrower) =>
      ranker.rank({
        query: wideQuery,
        question,
        candidates,
        embeddingModel: lexicalModel,
        signal,
        narrower: extended,
      });
    const urls = (ranked: readonly Candidate[]) => ranked.map((c) => c.url);

    it("keeps speed's own order of speed's candidates", async () => {
      const speed = await ranker.rank({
        query: question,
        question,
        candidates: speedFound,
        embeddingModel: lexicalModel,
        signal,
      });
      const extended = await widened([...speedFound, onQuestion, offQuestion]);
      const speedUrls = new Set(urls(speedFound));
      expect(urls(extended).filter((url) => speedUrls.has(url))).toEqual(urls(speed));
      expect(extended).toHaveLength(5);
    });

    it("adds another passage of an address speed found after speed's results, not above them", async () => {
      const localChunk = (n: number, snippet: string): Candidate => ({
        ...excerpt(n, snippet),
        kind: 'local',
        url: `https://docs.example/file-${n % 2}`,
      });
      // Speed found a passage of file-0 and one of file-1; the wider search another of file-1.
      const found = [
        localChunk(30, 'Compression saves space.'),
        localChunk(31, 'Logs rotate daily.'),
      ];
      const another = localChunk(33, 'How do I cache HTTP responses? Cache HTTP responses.');
      const extended = await widened([...found, another], {
        query: question,
        found: (c) => found.includes(c),
      });
      expect(extended.map((c) => c.snippet)).toEqual([...found, another].map((c) => c.snippet));
    });

    it("keeps the first round's ranking when quality's second round extends it", async () => {
      const firstRound = [...speedFound, onQuestion, offQuestion];
      const balanced = urls(await widened(firstRound));
      const nextPage = excerpt(
        22,
        'Responses of HTTP servers: cache them to reuse HTTP responses.',
      );
      const quality = await widened([...firstRound, nextPage], {
        query: wideQuery,
        found: (c) => firstRound.includes(c),
        narrower,
      });
      expect(urls(quality).filter((url) => url !== nextPage.url)).toEqual(balanced);
      expect(quality).toHaveLength(6);
    });

    it('asks a semantic model for each text once, in one call', async () => {
      const model = semanticModel((text) => /cache/i.test(text));
      const calls: string[][] = [];
      const counted: EmbeddingModel = {
        ...model,
        embed: (texts) => {
          calls.push([...texts]);
          return model.embed(texts);
        },
      };
      const candidates = [...speedFound, onQuestion, offQuestion];
      await ranker.rank({
        query: wideQuery,
        question,
        candidates,
        embeddingModel: counted,
        signal,
        narrower,
      });
      const ranking = calls.filter((texts) => !texts.includes(PARAPHRASE_TRIPLETS[0][0]));
      expect(ranking).toHaveLength(1);
      expect(ranking[0].sort()).toEqual(
        [question, ...candidates.map((c) => `${c.title}\n${c.snippet}`)].sort(),
      );
    });

    it("lets an extra candidate in above speed's only when it beats them on speed's scoring", async () => {
      const extended = urls(await widened([...speedFound, onQuestion, offQuestion]));
      expect(extended.slice(0, 2)).toEqual([speedFound[0].url, onQuestion.url]);
      expect(extended.at(-1)).toBe(offQuestion.url);
    });
  });

  it('drops a near-duplicate of a better candidate, and nothing else', async () => {
    const twice = [...paraphrases, { ...paraphrases[0], url: 'https://mirror.example/1' }];
    const ranked = await rank(lexicalModel, twice);
    expect(ranked.map((c) => c.url)).not.toContain('https://mirror.example/1');
    expect(ranked).toHaveLength(3);
  });
});
