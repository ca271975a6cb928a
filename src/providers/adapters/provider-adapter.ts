import type { ChatModel, EmbeddingModel, ModelDescriptor } from '../model.ports';

export interface ModelLists {
  readonly chatModels: readonly ModelDescriptor[];
  readonly embeddingModels: readonly ModelDescriptor[];
}

/** One provider's wire protocol: how to list its models and how to call one. */
export interface ProviderAdapter {
  /** Asks the provider which models it has; rejects with the reason it could not. */
  discoverModels(signal: AbortSignal): Promise<ModelLists>;
  chatModel(key: string): ChatModel;
  embeddingModel(key: string): EmbeddingModel;
}

/** Texts in batches of at most `size`, embedded one batch after the other, vectors in order. */
export async function embedInBatches(
  texts: readonly string[],
  size: number,
  embedBatch: (batch: string[]) => Promise<number[][]>,
): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += size) {
    vectors.push(...(await embedBatch(texts.slice(start, start + size))));
  }
  return vectors;
}
