import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import { ReadinessRegistry } from '../health';
import { createAdapter } from './provider-adapter.factory';
import { MODEL_CALL_OBSERVER, type ModelCallObserver } from './model-call.observer';
import { messageOf, toModelCallError } from './adapters/model-call-error.mapper';
import type { ModelLists, ProviderAdapter } from './adapters/provider-adapter';
import { providersConfig, type ProvidersConfig } from './config/providers.config';
import type { ProviderSpec } from './config/provider-spec';
import { failureText, InvalidModelSelectionError, ModelCallError } from './model.errors';
import type {
  ChatModel,
  EmbeddingModel,
  ModelDescriptor,
  ModelRegistry,
  ProviderDescriptor,
} from './model.ports';

const DISCOVERY_TIMEOUT_MS = 10_000;
const FIRST_RETRY_MS = 5_000;

interface ProviderState {
  readonly spec: ProviderSpec;
  readonly adapter: ProviderAdapter;
  /** The last model lists obtained; undefined until one was, and after a failed refresh. */
  lists?: ModelLists;
  /** Why the last discovery failed. */
  failure?: string;
  retryMs: number;
  timer?: NodeJS.Timeout;
  discovering?: Promise<void>;
  readonly chatModels: Map<string, ChatModel>;
  readonly embeddingModels: Map<string, EmbeddingModel>;
}

/**
 * The providers module's ModelRegistry. Model lists come from the providers file or from each
 * provider's API; discovery runs at start-up (waited for at most PROVIDER_STARTUP_WAIT_MS) and
 * again every PROVIDER_MODELS_TTL_MS in the background, so listing never waits on a provider.
 * A provider whose last discovery failed is left out and reported down in /health/ready.
 */
@Injectable()
export class ModelRegistryService implements ModelRegistry, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Providers');
  private readonly states: ProviderState[];
  private closed = false;

  constructor(
    @Inject(providersConfig.KEY) private readonly config: ProvidersConfig,
    private readonly readiness: ReadinessRegistry,
    // Wraps each model once, so its calls are measured and traced; null when both are off.
    @Optional()
    @Inject(MODEL_CALL_OBSERVER)
    private readonly observer: ModelCallObserver | null = null,
  ) {
    this.states = config.providers.map((spec) => ({
      spec,
      adapter: createAdapter(spec, config.timeoutMs),
      retryMs: FIRST_RETRY_MS,
      chatModels: new Map(),
      embeddingModels: new Map(),
    }));
  }

  async onModuleInit(): Promise<void> {
    for (const state of this.states) {
      this.readiness.register({
        name: `provider:${state.spec.name}`,
        // Searches need a chat model: unready only when no provider has one to offer.
        requiredGroup: 'model-providers',
        check: () => Promise.resolve(this.readinessOf(state)),
      });
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.refresh(),
      new Promise((resolve) => (timer = setTimeout(resolve, this.config.startupWaitMs))),
    ]);
    clearTimeout(timer);
  }

  onModuleDestroy(): void {
    this.closed = true;
    for (const state of this.states) clearTimeout(state.timer);
  }

  /** Discovers every provider's models now; resolves when all have answered or failed. */
  async refresh(): Promise<void> {
    await Promise.all(this.states.map((state) => this.discover(state)));
  }

  listActive(): readonly ProviderDescriptor[] {
    return this.states
      .filter((state) => state.lists)
      .map(({ spec, lists }) => ({
        id: spec.id,
        name: spec.name,
        type: spec.type,
        chatModels: lists!.chatModels,
        embeddingModels: lists!.embeddingModels,
      }));
  }

  /** Configured providers without model lists: why (a failed listing), or still being listed. */
  listUnavailable(): ReadonlyArray<{ name: string; type: string; reason: string }> {
    return this.states
      .filter((state) => !state.lists)
      .map(({ spec, failure }) => ({
        name: spec.name,
        type: spec.type,
        reason: failure ?? 'its models are still being listed',
      }));
  }

  chatModel(providerId: string, key: string): ChatModel {
    const state = this.activeState(providerId);
    const known = this.knownModel(state, key, 'chat');
    let model = state.chatModels.get(known);
    if (!model) {
      model = state.adapter.chatModel(known);
      if (this.observer) model = this.observer.chat(model);
      state.chatModels.set(known, model);
    }
    return model;
  }

  embeddingModel(providerId: string, key: string): EmbeddingModel {
    const state = this.activeState(providerId);
    const known = this.knownModel(state, key, 'embedding');
    let model = state.embeddingModels.get(known);
    if (!model) {
      model = state.adapter.embeddingModel(known);
      if (this.observer) model = this.observer.embedding(model);
      state.embeddingModels.set(known, model);
    }
    return model;
  }

  private activeState(providerId: string): ProviderState {
    // Ids are UUIDs, kept in lower case, and the same in either case (RFC 4122).
    const id = providerId.toLowerCase();
    const state = this.states.find((candidate) => candidate.spec.id === id);
    if (state?.lists) return state;
    const active = this.listActive().map((p) => `${p.id} (${p.name})`);
    const valid = active.length
      ? `active providers: ${active.join(', ')}`
      : 'no provider is active';
    if (state) {
      throw new InvalidModelSelectionError(
        `provider ${state.spec.name} (${providerId}) is not available: ${state.failure ?? 'its models are still being listed'}; ${valid}`,
      );
    }
    const byName = this.states.find((s) => s.spec.name.toLowerCase() === providerId.toLowerCase());
    if (byName) {
      throw new InvalidModelSelectionError(
        `providerId "${providerId}" is a provider name; use its id ${byName.spec.id}`,
      );
    }
    throw new InvalidModelSelectionError(`unknown providerId "${providerId}"; ${valid}`);
  }

  private knownModel(state: ProviderState, key: string, kind: 'chat' | 'embedding'): string {
    const lists = state.lists!;
    const models = kind === 'chat' ? lists.chatModels : lists.embeddingModels;
    if (models.some((model) => model.key === key)) return key;
    const provider = state.spec.name;
    const byName = models.find((model) => model.name.toLowerCase() === key.toLowerCase());
    if (byName) {
      throw new InvalidModelSelectionError(
        `"${key}" is the display name of a ${kind} model of ${provider}; use its key "${byName.key}"`,
      );
    }
    const other = kind === 'chat' ? lists.embeddingModels : lists.chatModels;
    const wrongKind = other.some((model) => model.key === key)
      ? ` ("${key}" is an ${kind === 'chat' ? 'embedding' : 'chat'} model)`
      : '';
    throw new InvalidModelSelectionError(
      `unknown ${kind} model key "${key}" for provider ${provider}${wrongKind}; valid ${kind} model keys: ${keys(models)}`,
    );
  }

  private discover(state: ProviderState): Promise<void> {
    state.discovering ??= this.runDiscovery(state).finally(() => (state.discovering = undefined));
    return state.discovering;
  }

  private async runDiscovery(state: ProviderState): Promise<void> {
    const { spec } = state;
    clearTimeout(state.timer);
    try {
      state.lists =
        spec.chatModels || spec.embeddingModels
          ? { chatModels: spec.chatModels ?? [], embeddingModels: spec.embeddingModels ?? [] }
          : await state.adapter.discoverModels(AbortSignal.timeout(DISCOVERY_TIMEOUT_MS));
      if (state.failure) this.logger.log(`provider ${spec.name} is back`);
      state.failure = undefined;
      state.retryMs = FIRST_RETRY_MS;
      this.schedule(state, this.config.modelsTtlMs);
    } catch (error) {
      const mapped = toModelCallError(error, { providerName: spec.name, key: '(listing)' });
      const failure = mapped instanceof ModelCallError ? failureText(mapped.failure) : 'failed';
      state.lists = undefined;
      state.failure = `could not list models (${failure}): ${messageOf(error)}`;
      this.logger.warn(`provider ${spec.name} (${spec.type}) is down: ${state.failure}`);
      this.schedule(state, Math.min(state.retryMs, this.config.modelsTtlMs));
      state.retryMs = Math.min(state.retryMs * 2, this.config.modelsTtlMs);
    }
  }

  private schedule(state: ProviderState, delayMs: number): void {
    if (this.closed || (state.spec.chatModels ?? state.spec.embeddingModels)) return;
    state.timer = setTimeout(() => void this.discover(state), delayMs);
    state.timer.unref();
  }

  private readinessOf(state: ProviderState) {
    if (state.lists) {
      return {
        up: true,
        details: {
          chatModels: state.lists.chatModels.length,
          embeddingModels: state.lists.embeddingModels.length,
        },
      };
    }
    return { up: false, reason: state.failure ?? 'models are still being listed' };
  }
}

function keys(models: readonly ModelDescriptor[]): string {
  return models.length ? models.map((model) => model.key).join(', ') : '(none)';
}
