import { InvalidModelSelectionError } from '../model.errors';
import type { ChatModel, EmbeddingModel } from '../model.ports';
import type { ProviderSpec } from '../config/provider-spec';
import type { ModelLists, ProviderAdapter } from '../adapters/provider-adapter';
import { ExtractiveChatModel } from './extractive-chat.model';
import { HashingEmbeddingModel } from './hashing-embedding.model';

export const EXTRACTIVE_KEY = 'extractive';
export const HASHING_KEY = 'hashing';

/** The offline provider: a working chat and embedding pair with no key and no network. */
export class BuiltinAdapter implements ProviderAdapter {
  constructor(private readonly spec: ProviderSpec) {}

  discoverModels(): Promise<ModelLists> {
    return Promise.resolve({
      chatModels: [{ key: EXTRACTIVE_KEY, name: 'Extractive (offline)' }],
      embeddingModels: [{ key: HASHING_KEY, name: 'Hashing TF-IDF (offline)' }],
    });
  }

  chatModel(key: string): ChatModel {
    if (key !== EXTRACTIVE_KEY)
      throw new InvalidModelSelectionError(`unknown built-in chat model ${key}`);
    return new ExtractiveChatModel(this.spec.id, this.spec.name, key);
  }

  embeddingModel(key: string): EmbeddingModel {
    if (key !== HASHING_KEY)
      throw new InvalidModelSelectionError(`unknown built-in embedding model ${key}`);
    return new HashingEmbeddingModel(this.spec.id, this.spec.name, key);
  }
}
