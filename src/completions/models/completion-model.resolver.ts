import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  MODEL_REGISTRY,
  type ChatModel,
  type EmbeddingModel,
  type ModelRegistry,
  type ProviderDescriptor,
  modelDefaultsConfig,
  type ModelDefaultsConfig,
} from '../../providers';
import type { OptimizationMode } from '../../search';
import { completionsConfig } from '../completions.config';
import { EmbeddingModelUnavailableError, ModelNotFoundError } from '../errors/completion.errors';
import { formatModelId, parseModelId, type ModelRefId } from './model-id';

export interface ResolvedModels {
  readonly chatModel: ChatModel;
  readonly embeddingModel: EmbeddingModel;
  /** The alias's mode, when the model was named by an alias that sets one. */
  readonly mode?: OptimizationMode;
}

export interface ListedModel {
  readonly id: string;
  readonly ownedBy: string;
}

/**
 * Turns a /v1 `model` into models of the registry: an alias from QUARRY_MODEL_ALIASES, or
 * `<providerId>/<chatModelKey>`. The embedding model is the alias's, else
 * QUARRY_DEFAULT_EMBEDDING_MODEL, else the chat provider's first, else the first active one.
 */
@Injectable()
export class CompletionModelResolver {
  constructor(
    @Inject(MODEL_REGISTRY) private readonly registry: ModelRegistry,
    @Inject(completionsConfig.KEY) private readonly config: ConfigType<typeof completionsConfig>,
    @Inject(modelDefaultsConfig.KEY) private readonly defaults: ModelDefaultsConfig,
  ) {}

  resolve(model: string): ResolvedModels {
    const providers = this.registry.listActive();
    const alias = this.config.aliases.get(model);
    const chat = alias?.chat ?? parseModelId(model);
    if (!chat || !hasChatModel(providers, chat)) throw new ModelNotFoundError(model);
    const embedding =
      alias?.embedding ?? this.defaults.embedding ?? fallbackEmbedding(providers, chat);
    if (!embedding) throw new EmbeddingModelUnavailableError('no active provider has one');
    if (!hasEmbeddingModel(providers, embedding)) {
      throw new EmbeddingModelUnavailableError(`${formatModelId(embedding)} is not active`);
    }
    return {
      chatModel: this.registry.chatModel(chat.providerId, chat.key),
      embeddingModel: this.registry.embeddingModel(embedding.providerId, embedding.key),
      ...(alias?.mode ? { mode: alias.mode } : {}),
    };
  }

  /** Every usable model id: each active chat model, then each alias whose chat model is active. */
  list(): ListedModel[] {
    const providers = this.registry.listActive();
    const ids: ListedModel[] = providers.flatMap((provider) =>
      provider.chatModels.map((model) => ({
        id: formatModelId({ providerId: provider.id, key: model.key }),
        ownedBy: provider.name,
      })),
    );
    for (const alias of this.config.aliases.values()) {
      const provider = providers.find((p) => p.id === alias.chat.providerId);
      if (provider && hasChatModel(providers, alias.chat)) {
        ids.push({ id: alias.name, ownedBy: provider.name });
      }
    }
    return ids;
  }

  /** The listed model with this id; 404 model_not_found when none is. */
  listed(id: string): ListedModel {
    const model = this.list().find((candidate) => candidate.id === id);
    if (!model) throw new ModelNotFoundError(id);
    return model;
  }
}

function hasChatModel(providers: readonly ProviderDescriptor[], ref: ModelRefId): boolean {
  return providers.some(
    (p) => p.id === ref.providerId && p.chatModels.some((m) => m.key === ref.key),
  );
}

function hasEmbeddingModel(providers: readonly ProviderDescriptor[], ref: ModelRefId): boolean {
  return providers.some(
    (p) => p.id === ref.providerId && p.embeddingModels.some((m) => m.key === ref.key),
  );
}

function fallbackEmbedding(
  providers: readonly ProviderDescriptor[],
  chat: ModelRefId,
): ModelRefId | undefined {
  const ordered = [
    ...providers.filter((p) => p.id === chat.providerId),
    ...providers.filter((p) => p.id !== chat.providerId),
  ];
  const provider = ordered.find((p) => p.embeddingModels.length > 0);
  return provider ? { providerId: provider.id, key: provider.embeddingModels[0].key } : undefined;
}
