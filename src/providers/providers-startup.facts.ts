import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  infoFact,
  StartupFacts,
  warnFact,
  type StartupFact,
} from '../common/logging/startup-facts';
import type { ModelDescriptor, ProviderDescriptor } from './model.ports';
import { ModelRegistryService } from './model-registry.service';
import type { ModelKind } from './selection/model-ref';
import { ModelSelector } from './selection/model-selector.service';

/** Model keys shown per list: a provider such as OpenAI lists a hundred. */
const SHOWN_KEYS = 4;

/** Start-up lines: each configured provider with its models or why it has none, then the defaults. */
@Injectable()
export class ProvidersStartupFacts implements OnModuleInit {
  constructor(
    private readonly registry: ModelRegistryService,
    private readonly selector: ModelSelector,
    private readonly facts: StartupFacts,
  ) {}

  onModuleInit(): void {
    this.facts.add(() => this.providerFacts());
    this.facts.add(() => this.defaultsFact());
  }

  private providerFacts(): StartupFact[] {
    const active = this.registry.listActive().map((provider) => infoFact(describe(provider)));
    const unavailable = this.registry
      .listUnavailable()
      .map(({ name, type, reason }) =>
        warnFact(`provider ${name}, ${type} adapter, unavailable: ${reason}`),
      );
    if (active.length + unavailable.length > 0) return [...active, ...unavailable];
    return [
      warnFact(
        'no model provider: BUILTIN_PROVIDER is false and none is configured (OPENAI_API_KEY, ' +
          'OLLAMA_BASE_URL, PROVIDERS_FILE...); searches and completions answer 503',
      ),
    ];
  }

  private defaultsFact(): StartupFact | undefined {
    if (this.registry.listActive().length === 0) return undefined;
    return infoFact(
      `default models (for requests that name none): chat ${this.defaultOf('chat')}, ` +
        `embedding ${this.defaultOf('embedding')}`,
    );
  }

  private defaultOf(kind: ModelKind): string {
    try {
      const { providerId, key } = this.selector.defaultId(kind);
      const provider = this.registry.listActive().find((p) => p.id === providerId);
      return `${key} of ${provider?.name ?? providerId}`;
    } catch (error) {
      return `none (${(error as Error).message})`;
    }
  }
}

function describe(provider: ProviderDescriptor): string {
  return (
    `provider ${provider.name}, ${provider.type} adapter: ` +
    `chat models ${keysOf(provider.chatModels)}; embedding models ${keysOf(provider.embeddingModels)}`
  );
}

function keysOf(models: readonly ModelDescriptor[]): string {
  if (models.length === 0) return 'none';
  const shown = models.slice(0, SHOWN_KEYS).map((model) => model.key);
  const more = models.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
