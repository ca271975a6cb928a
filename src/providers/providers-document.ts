import { Inject, Injectable } from '@nestjs/common';
import type { ProvidersResponseDto } from './dto/providers-response.dto';
import { MODEL_REGISTRY, type ModelRegistry, type ProviderDescriptor } from './model.ports';

/**
 * The body of GET /api/providers, serialised once: the list changes only when discovery refreshes a
 * provider, and until then the same model-list arrays come back, so the JSON is reused instead of
 * rebuilt on every request.
 */
@Injectable()
export class ProvidersDocument {
  private body?: { providers: readonly ProviderDescriptor[]; json: string };

  constructor(@Inject(MODEL_REGISTRY) private readonly registry: ModelRegistry) {}

  json(): string {
    const providers = this.registry.listActive();
    if (!this.body || !sameProviders(this.body.providers, providers)) {
      this.body = { providers, json: JSON.stringify(toResponse(providers)) };
    }
    return this.body.json;
  }
}

function toResponse(providers: readonly ProviderDescriptor[]): ProvidersResponseDto {
  return {
    providers: providers.map((provider) => ({
      id: provider.id,
      name: provider.name,
      chatModels: provider.chatModels.map(({ name, key }) => ({ name, key })),
      embeddingModels: provider.embeddingModels.map(({ name, key }) => ({ name, key })),
    })),
  };
}

function sameProviders(
  previous: readonly ProviderDescriptor[],
  current: readonly ProviderDescriptor[],
): boolean {
  return (
    previous.length === current.length &&
    previous.every(
      (provider, i) =>
        provider.id === current[i].id &&
        provider.name === current[i].name &&
        provider.chatModels === current[i].chatModels &&
        provider.embeddingModels === current[i].embeddingModels,
    )
  );
}
