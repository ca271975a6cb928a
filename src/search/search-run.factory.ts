import { Inject, Injectable, Optional } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ModelSelector, type ChatModel, type EmbeddingModel } from '../providers';
import { META_SEARCH_BACKEND, type MetaSearchBackend } from './backends/meta-search.backend';
import { MetaSearchNotConfiguredError } from './backends/meta-search.errors';
import { FOCUS_MODE_SOURCES } from './dto/focus-mode';
import type { SearchRequestDto } from './dto/search-request.dto';
import { buildSearchFilters, type RawSearchFilters } from './filters/search-filters.builder';
import { searchConfig } from './search.config';
import { SearchRequestInvalidError } from './search-request.errors';
import type { HistoryTurn, OptimizationMode, SearchRun, SourceKind } from './search-run';

/** How a route words a broken limit, in its own field names and error shape. */
export interface SearchLimitErrors {
  query(max: number, got: number): Error;
  history(max: number, got: number): Error;
}

/** The words of POST /api/search (and the compat routes, whose history field is chatHistory). */
export function searchRequestLimitErrors(historyField = 'history'): SearchLimitErrors {
  return {
    query: (max, got) =>
      new SearchRequestInvalidError(`query must be at most ${max} characters (got ${got})`),
    history: (max, got) =>
      new SearchRequestInvalidError(`${historyField} must have at most ${max} turns (got ${got})`),
  };
}

/** A search as any route asks for it, in Quarry's terms; the factory applies limits and filters. */
export interface SearchRunRequest {
  readonly query: string;
  readonly history: readonly HistoryTurn[];
  /** Empty means answer from the history alone. */
  readonly sourceKinds: readonly SourceKind[];
  readonly mode?: OptimizationMode;
  readonly systemInstructions?: string;
  /** Resolved after the limits are checked, unless the route resolved them already. */
  readonly models: () => { chatModel: ChatModel; embeddingModel: EmbeddingModel };
  readonly filters?: RawSearchFilters;
  readonly answerOptions?: SearchRun['answerOptions'];
  readonly requestId?: string;
  readonly limitErrors?: SearchLimitErrors;
  readonly localScope?: SearchRun['localScope'];
}

/**
 * The one way into a search: turns a request of any route (POST /api/search, /v1/chat/completions)
 * into a SearchRun, applying the configured limits (query length, history turns), the filters,
 * and the defaults. Routes that only share the limits (images, videos, suggestions) call
 * checkLimits().
 */
@Injectable()
export class SearchRunFactory {
  constructor(
    private readonly models: ModelSelector,
    @Inject(searchConfig.KEY) private readonly config: ConfigType<typeof searchConfig>,
    @Optional()
    @Inject(META_SEARCH_BACKEND)
    private readonly metaSearch: MetaSearchBackend | null = null,
  ) {}

  /** Whether web, academic and discussions can be searched: a meta-search backend has an address. */
  get metaSearchConfigured(): boolean {
    return this.metaSearch?.configured ?? true;
  }

  create(request: SearchRunRequest): SearchRun {
    this.checkLimits(request.query, request.history, request.limitErrors);
    // Known before anything is sent: a stream must not open only to end without a word. With
    // local among the kinds, the search answers from it (as when the backend fails).
    const kinds = request.sourceKinds;
    if (kinds.length > 0 && !kinds.includes('local') && !this.metaSearchConfigured) {
      throw new MetaSearchNotConfiguredError();
    }
    const { chatModel, embeddingModel } = request.models();
    return {
      query: request.query,
      history: request.history,
      sourceKinds: request.sourceKinds,
      mode: request.mode ?? 'speed',
      systemInstructions: request.systemInstructions,
      chatModel,
      embeddingModel,
      filters: buildSearchFilters(request.filters ?? {}),
      ...(request.answerOptions ? { answerOptions: request.answerOptions } : {}),
      requestId: request.requestId,
      ...(request.localScope ? { localScope: request.localScope } : {}),
    };
  }

  /** Throws the route's 400 when the query is too long or the history has too many turns. */
  checkLimits(
    query: string | undefined,
    history: readonly unknown[],
    errors: SearchLimitErrors = searchRequestLimitErrors(),
  ): void {
    // Characters as people count them: an emoji is one, not its two UTF-16 units.
    const max = this.config.maxQueryChars;
    if (query !== undefined && query.length > max) {
      const characters = [...query].length;
      if (characters > max) throw errors.query(max, characters);
    }
    if (history.length > this.config.maxHistoryTurns) {
      throw errors.history(this.config.maxHistoryTurns, history.length);
    }
  }

  /**
   * POST /api/search: maps the deprecated focusMode and role aliases, and resolves both models in
   * either reference shape, or the defaults when absent (a bad reference is a 400 saying what
   * would be valid).
   */
  fromRequest(body: SearchRequestDto, requestId?: string, ownerId?: string): SearchRun {
    return this.create({
      query: body.query.trim(),
      history: (body.history ?? []).map(([role, content]): HistoryTurn => ({
        role: role === 'human' || role === 'user' ? 'user' : 'assistant',
        content,
      })),
      sourceKinds: this.sourceKinds(body),
      mode: body.optimizationMode,
      systemInstructions: body.systemInstructions?.trim() || undefined,
      models: () => {
        const chatModel = this.models.chatModel(body.chatModel);
        const embeddingModel = this.models.embeddingModel(
          body.embeddingModel,
          'embeddingModel',
          chatModel.providerId,
        );
        return { chatModel, embeddingModel };
      },
      filters: {
        domains: { field: 'domainFilter', value: body.domainFilter },
        recency: { field: 'recencyFilter', value: body.recencyFilter },
        after: { field: 'afterDate', value: body.afterDate },
        before: { field: 'beforeDate', value: body.beforeDate },
        maxSources: { field: 'maxSources', value: body.maxSources },
      },
      requestId,
      localScope: { ownerId, vectorStoreIds: body.vectorStoreIds },
    });
  }

  private sourceKinds(body: SearchRequestDto): SourceKind[] {
    if (body.sources) return body.sources as SourceKind[];
    return body.focusMode ? [...FOCUS_MODE_SOURCES[body.focusMode]] : [];
  }
}
