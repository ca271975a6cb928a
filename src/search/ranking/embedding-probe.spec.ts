import type { EmbeddingModel } from '../../providers';
import { EmbeddingProbe } from './embedding-probe';
import { PARAPHRASE_TRIPLETS, WORD_TRIPLETS } from './probe-triplets';

/** A text's words and character trigrams (space-padded words). */
function stringFeatures(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).flatMap((word) => {
    const padded = ` ${word} `;
    return [word, ...Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3))];
  });
}

/** Words and character trigrams hashed into 512 dimensions: a model that matches strings. */
function stringVector(text: string): number[] {
  const vector = new Array<number>(512).fill(0);
  for (const feature of stringFeatures(text)) {
    let hash = 7;
    for (const char of feature) hash = (hash * 31 + char.charCodeAt(0)) % 512;
    vector[hash] += 1;
  }
  return vector;
}

/** A model that knows each probe pair means one thing (a dimension per pair), strings otherwise. */
function meaningVector(text: string): number[] {
  const pair = PARAPHRASE_TRIPLETS.findIndex(([a, b]) => text === a || text === b);
  return [...PARAPHRASE_TRIPLETS.map((_, i) => (i === pair ? 8 : 0)), ...stringVector(text)];
}

function model(key: string, vectorOf: (text: string) => number[]) {
  const calls: string[][] = [];
  const embedding: EmbeddingModel = {
    providerId: 'p',
    providerName: 'Provider',
    key,
    embed: (texts) => {
      calls.push([...texts]);
      return Promise.resolve(texts.map(vectorOf));
    },
  };
  return { embedding, calls };
}

describe('EmbeddingProbe', () => {
  it('finds meaning in a model that puts paraphrases nearer than unrelated texts', async () => {
    await expect(new EmbeddingProbe().sightOf(model('m', meaningVector).embedding)).resolves.toBe(
      'meaning',
    );
  });

  it('finds only words in a model that matches words and character n-grams', async () => {
    await expect(new EmbeddingProbe().sightOf(model('s', stringVector).embedding)).resolves.toBe(
      'words',
    );
  });

  it('finds nothing in a model that gives every text one vector, or vectors unrelated to it', async () => {
    const probe = new EmbeddingProbe();
    await expect(probe.sightOf(model('same', () => [0.1, 0.2, 0.3]).embedding)).resolves.toBe(
      'nothing',
    );
    // A hash of the whole text: each text its own vector, texts that share words no nearer.
    const scattered = (text: string) => {
      let hash = 2166136261;
      for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
      return Array.from({ length: 64 }, (_, i) => {
        hash = Math.imul(hash ^ i, 16777619);
        return ((hash >>> 0) % 2000) / 1000 - 1;
      });
    };
    await expect(probe.sightOf(model('scattered', scattered).embedding)).resolves.toBe('nothing');
  });

  it('has no pair that shares a word or three letters in a row', () => {
    for (const [text, paraphrase] of PARAPHRASE_TRIPLETS) {
      const shared = stringFeatures(paraphrase).filter((f) => stringFeatures(text).includes(f));
      expect({ text, paraphrase, shared }).toEqual({ text, paraphrase, shared: [] });
    }
  });

  it("has word triplets whose second text shares the first one's words and the third none", () => {
    const words = (text: string): string[] => text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
    for (const [text, near, far] of WORD_TRIPLETS) {
      expect(words(text).every((word) => words(near).includes(word))).toBe(true);
      expect(words(far).filter((word) => words(text).includes(word))).toEqual([]);
    }
  });

  it('asks each model once, also when searches ask at the same time', async () => {
    const probe = new EmbeddingProbe();
    const { embedding, calls } = model('m', meaningVector);
    const verdicts = await Promise.all([probe.sightOf(embedding), probe.sightOf(embedding)]);
    await probe.sightOf(embedding);
    expect(verdicts).toEqual(['meaning', 'meaning']);
    expect(calls).toHaveLength(1);
  });

  it('counts a probe that could not run as meaning, and asks again a minute on', async () => {
    jest.useFakeTimers();
    try {
      const probe = new EmbeddingProbe();
      let calls = 0;
      const failing: EmbeddingModel = {
        ...model('s', stringVector).embedding,
        embed: () => {
          calls++;
          return Promise.reject(new Error('503'));
        },
      };
      await expect(probe.sightOf(failing)).resolves.toBe('meaning');
      await expect(probe.sightOf(failing)).resolves.toBe('meaning');
      expect(calls).toBe(1);
      jest.advanceTimersByTime(60_000);
      await expect(probe.sightOf(failing)).resolves.toBe('meaning');
      expect(calls).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
