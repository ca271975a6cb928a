import type { EmbeddingModel } from '../../providers';
import { ParaphraseProbe } from './paraphrase-probe';
import { PARAPHRASE_TRIPLETS } from './paraphrase-triplets';

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

describe('ParaphraseProbe', () => {
  it('passes a model that puts paraphrases nearer than unrelated texts', async () => {
    await expect(
      new ParaphraseProbe().seesMeaning(model('m', meaningVector).embedding),
    ).resolves.toBe(true);
  });

  it('fails a model that matches words and character n-grams', async () => {
    await expect(
      new ParaphraseProbe().seesMeaning(model('s', stringVector).embedding),
    ).resolves.toBe(false);
  });

  it('has no pair that shares a word or three letters in a row', () => {
    for (const [text, paraphrase] of PARAPHRASE_TRIPLETS) {
      const shared = stringFeatures(paraphrase).filter((f) => stringFeatures(text).includes(f));
      expect({ text, paraphrase, shared }).toEqual({ text, paraphrase, shared: [] });
    }
  });

  it('asks each model once, also when searches ask at the same time', async () => {
    const probe = new ParaphraseProbe();
    const { embedding, calls } = model('m', meaningVector);
    const verdicts = await Promise.all([
      probe.seesMeaning(embedding),
      probe.seesMeaning(embedding),
    ]);
    await probe.seesMeaning(embedding);
    expect(verdicts).toEqual([true, true]);
    expect(calls).toHaveLength(1);
  });

  it('counts a probe that could not run as a pass, and asks again a minute on', async () => {
    jest.useFakeTimers();
    try {
      const probe = new ParaphraseProbe();
      let calls = 0;
      const failing: EmbeddingModel = {
        ...model('s', stringVector).embedding,
        embed: () => {
          calls++;
          return Promise.reject(new Error('503'));
        },
      };
      await expect(probe.seesMeaning(failing)).resolves.toBe(true);
      await expect(probe.seesMeaning(failing)).resolves.toBe(true);
      expect(calls).toBe(1);
      jest.advanceTimersByTime(60_000);
      await expect(probe.seesMeaning(failing)).resolves.toBe(true);
      expect(calls).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
