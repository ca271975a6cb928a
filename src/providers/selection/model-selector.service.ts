import { Inject, Injectable } from '@nestjs/common';
import { modelDefaultsConfig, type ModelDefaultsConfig } from '../config/model-defaults.config';
import { DefaultModelUnavailableError, InvalidModelSelectionError } from '../model.errors';
import {
  MODEL_REGISTRY,
  type ChatModel,
  type EmbeddingModel,
  type ModelDescriptor,
  type ModelRegistry,
  type ProviderDescriptor,
} from '../model.ports';
import type { ModelKind, ModelRef } from './model-ref';
import { providerKeys } from './provider-keys';

/** Provider names of the older API that stand for an adapter type rather than one provider. */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  customopenai: 'openai',
  google: 'gemini',
  googlegemini: 'gemini',
};

interface ModelId {
  readonly providerId: string;
  readonly key: string;
}

/**
 * Turns a request's model reference, of either shape or absent, into a model of the registry.
 * Absent: QUARRY_DEFAULT_CHAT_MODEL / QUARRY_DEFAULT_EMBEDDING_MODEL, else the first model of the
 * first active provider in listing order (providers file, environment shortcuts, built-in); an
 * absent embedding model prefers the chat model's provider, as /v1 does.
 */
@Injectable()
export class ModelSelector {
  constructor(
    @Inject(MODEL_REGISTRY) private readonly registry: ModelRegistry,
    @Inject(modelDefaultsConfig.KEY) private readonly defaults: ModelDefaultsConfig,
  ) {}

  chatModel(ref: ModelRef | undefined, field = 'chatModel'): ChatModel {
    const id = ref ? this.idOf(ref, 'chat', field) : this.defaultId('chat');
    return this.registry.chatModel(id.providerId, id.key);
  }

  embeddingModel(
    ref: ModelRef | undefined,
    field = 'embeddingModel',
    chatProviderId?: string,
  ): EmbeddingModel {
    const id = ref
      ? this.idOf(ref, 'embedding', field)
      : this.defaultId('embedding', chatProviderId);
    return this.registry.embeddingModel(id.providerId, id.key);
  }

  private idOf(ref: ModelRef, kind: ModelKind, field: string): ModelId {
    if ('providerId' in ref) return ref;
    return this.resolveByProvider(ref.provider, ref.name ?? ref.model ?? '', kind, field);
  }

  /** The model a request that names none gets; throws DefaultModelUnavailableError without one. */
  defaultId(kind: ModelKind, chatProviderId?: string): ModelId {
    const providers = this.registry.listActive();
    const configured = kind === 'chat' ? this.defaults.chat : this.defaults.embedding;
    if (configured) {
      const provider = providers.find((p) => p.id === configured.providerId);
      if (!provider || !modelsOf(provider, kind).some((m) => m.key === configured.key)) {
        const variable =
          kind === 'chat' ? 'QUARRY_DEFAULT_CHAT_MODEL' : 'QUARRY_DEFAULT_EMBEDDING_MODEL';
        throw new DefaultModelUnavailableError(
          `${variable} (${configured.providerId}/${configured.key}) is not an active ${kind} model; name one in the request`,
        );
      }
      return configured;
    }
    const ordered = [
      ...providers.filter((p) => p.id === chatProviderId),
      ...providers.filter((p) => p.id !== chatProviderId),
    ];
    const provider = ordered.find((p) => modelsOf(p, kind).length > 0);
    if (!provider) throw new DefaultModelUnavailableError(`no active provider has a ${kind} model`);
    return { providerId: provider.id, key: modelsOf(provider, kind)[0].key };
  }

  /**
   * { provider, name }: `provider` is matched against ids, then provider keys (GET /api/models)
   * and names, then adapter types; within the first group that has the model, exactly one
   * provider must have it.
   */
  private resolveByProvider(
    provider: string,
    key: string,
    kind: ModelKind,
    field: string,
  ): ModelId {
    const providers = this.registry.listActive();
    const keys = providerKeys(providers);
    const wanted = provider.trim().toLowerCase();
    const compacted = compact(provider);
    const groups = [
      providers.filter((p) => p.id === wanted),
      providers.filter((p) => keys.get(p.id) === wanted || compact(p.name) === compacted),
      providers.filter((p) => p.type === (TYPE_ALIASES[compacted] ?? compacted)),
    ];
    const matching = groups.find((group) => group.length > 0);
    if (!matching) {
      const valid = providers.map((p) => `${keys.get(p.id)} (${p.name})`).join(', ');
      throw new InvalidModelSelectionError(
        `${field}.provider "${provider}" matches no active provider; valid providers: ${valid || '(none)'}`,
      );
    }
    for (const group of groups) {
      const having = group.filter((p) => modelsOf(p, kind).some((m) => m.key === key));
      if (having.length === 1) return { providerId: having[0].id, key };
      if (having.length > 1) {
        const choices = having.map((p) => `${keys.get(p.id)} (${p.name}, id ${p.id})`).join(', ');
        throw new InvalidModelSelectionError(
          `${field} { provider: "${provider}", name: "${key}" } is ambiguous: ${kind} model "${key}" is offered by ${choices}; name the provider by one of these keys or ids`,
        );
      }
    }
    const valid = matching
      .map(
        (p) =>
          `${keys.get(p.id)}: ${
            modelsOf(p, kind)
              .map((m) => m.key)
              .join(', ') || '(none)'
          }`,
      )
      .join('; ');
    throw new InvalidModelSelectionError(
      `${field}.name "${key}" is not a ${kind} model of provider "${provider}"; valid ${kind} model keys: ${valid}`,
    );
  }
}

function modelsOf(provider: ProviderDescriptor, kind: ModelKind): readonly ModelDescriptor[] {
  return kind === 'chat' ? provider.chatModels : provider.embeddingModels;
}

/** Lower case, letters and digits only: "LM Studio", "lm_studio" and "lmstudio" meet. */
function compact(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
