import { ModelCallAbortedError } from '../adapters/model-call-error.mapper';
import type { EmbeddingModel, ModelCallOptions } from '../model.ports';
import { hashingVectors } from './hashing-vectorizer';

/** The built-in offline embedding model: hashed word and character n-gram TF-IDF (see hashingVectors). */
export class HashingEmbeddingModel implements EmbeddingModel {
  readonly lexicalOnly = true;

  constructor(
    readonly providerId: string,
    readonly providerName: string,
    readonly key: string,
  ) {}

  embed(texts: readonly string[], options?: ModelCallOptions): Promise<number[][]> {
    if (options?.signal?.aborted) {
      return Promise.reject(new ModelCallAbortedError('the model call was cancelled'));
    }
    // In-process and linear in the input size: no batching or timeout is needed.
    return Promise.resolve(hashingVectors(texts));
  }
}
