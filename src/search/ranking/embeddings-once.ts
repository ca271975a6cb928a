import type { EmbeddingModel, EmbeddingVector, ModelCallOptions } from '../../providers';

/**
 * One search's embedding model that embeds each distinct text once: a wider search ranks speed's
 * candidates and all of its own, and with a model whose vector of a text does not depend on the
 * other texts of its call (every model but the built-in hashing one) the second ranking reuses the
 * first's vectors instead of paying for them again. Only the texts not asked for before are sent.
 */
export class EmbeddingsOnce implements EmbeddingModel {
  private readonly vectors = new Map<string, Promise<EmbeddingVector>>();
  readonly providerId: string;
  readonly providerName: string;
  readonly key: string;
  readonly lexicalOnly?: boolean;

  constructor(private readonly model: EmbeddingModel) {
    this.providerId = model.providerId;
    this.providerName = model.providerName;
    this.key = model.key;
    this.lexicalOnly = model.lexicalOnly;
  }

  embed(texts: readonly string[], options?: ModelCallOptions): Promise<EmbeddingVector[]> {
    const missing = [...new Set(texts.filter((text) => !this.vectors.has(text)))];
    if (missing.length > 0) {
      const call = this.model.embed(missing, options).then((vectors) => {
        if (vectors.length !== missing.length) {
          throw new Error(`expected ${missing.length} vectors, got ${vectors.length}`);
        }
        return vectors;
      });
      missing.forEach((text, i) =>
        this.vectors.set(
          text,
          call.then((vectors) => vectors[i]),
        ),
      );
    }
    return Promise.all(texts.map((text) => this.vectors.get(text)!));
  }
}
