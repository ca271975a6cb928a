import type { EmbeddingModel } from '../../providers';
import { EmbeddingsOnce } from './embeddings-once';

describe('EmbeddingsOnce', () => {
  const calls: string[][] = [];
  const model: EmbeddingModel = {
    providerId: 'p',
    providerName: 'P',
    key: 'k',
    embed: (texts) => {
      calls.push([...texts]);
      return Promise.resolve(texts.map((text) => [text.length, text.charCodeAt(0)]));
    },
  };
  beforeEach(() => (calls.length = 0));

  it('gives each text its own vector, asking the model only for texts it was not asked for', async () => {
    const once = new EmbeddingsOnce(model);
    const [first, second] = await Promise.all([
      once.embed(['alpha', 'be', 'alpha']),
      once.embed(['be', 'gamma!', 'alpha']),
    ]);
    expect(first).toEqual([
      [5, 97],
      [2, 98],
      [5, 97],
    ]);
    expect(second).toEqual([
      [2, 98],
      [6, 103],
      [5, 97],
    ]);
    expect(calls).toEqual([['alpha', 'be'], ['gamma!']]);
  });

  it('fails every text of a call the model failed, or answered with too few vectors', async () => {
    const failing = new EmbeddingsOnce({ ...model, embed: () => Promise.resolve([[1]]) });
    await expect(failing.embed(['a', 'b'])).rejects.toThrow('expected 2 vectors, got 1');
  });
});
