import type { ProviderSpec } from '../config/provider-spec';
import type {
  ChatModel,
  EmbeddingModel,
  EmbeddingVector,
  ModelCallOptions,
  ModelDescriptor,
} from '../model.ports';
import { runModelCall } from './async-iterable.observable';

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
  embedBatch: (batch: string[]) => Promise<EmbeddingVector[]>,
): Promise<EmbeddingVector[]> {
  const vectors: EmbeddingVector[] = [];
  for (let start = 0; start < texts.length; start += size) {
    vectors.push(...(await embedBatch(texts.slice(start, start + size))));
  }
  return vectors;
}

/**
 * The EmbeddingModel every remote adapter returns: batches of at most `batchSize`, the whole call
 * bounded by the deadline and cancelled by the caller's signal, errors mapped to ModelCallError.
 */
export function batchedEmbeddingModel(
  spec: ProviderSpec,
  key: string,
  batchSize: number,
  defaultTimeoutMs: number,
  embedBatch: (
    batch: string[],
    signal: AbortSignal,
    options?: ModelCallOptions,
  ) => Promise<EmbeddingVector[]>,
): EmbeddingModel {
  const subject = { providerName: spec.name, key };
  return {
    providerId: spec.id,
    providerName: spec.name,
    key,
    embed: (texts: readonly string[], options?: ModelCallOptions) =>
      runModelCall(subject, options, defaultTimeoutMs, (signal) =>
        embedInBatches(texts, batchSize, (batch) => embedBatch(batch, signal, options)),
      ),
  };
}
