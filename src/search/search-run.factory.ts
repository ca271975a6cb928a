import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ModelSelector } from '../providers';
import { FOCUS_MODE_SOURCES } from './dto/focus-mode';
import type { SearchRequestDto } from './dto/search-request.dto';
import { buildSearchFilters } from './filters/search-filters.builder';
import { searchConfig } from './search.config';
import { SearchRequestInvalidError } from './search-request.errors';
import type { HistoryTurn, SearchRun, SourceKind } from './search-run';

/**
 * Turns a validated POST /api/search body into a SearchRun: applies the configured limits, maps
 * the deprecated focusMode and role aliases, and resolves both models in either reference shape,
 * or the defaults when absent (a bad reference is a 400 saying what would be valid).
 */
@Injectable()
export class SearchRunFactory {
  constructor(
    private readonly models: ModelSelector,
    @Inject(searchConfig.KEY) private readonly config: ConfigType<typeof searchConfig>,
  ) {}

  fromRequest(body: SearchRequestDto, requestId?: string): SearchRun {
    const query = body.query.trim();
    if (query.length > this.config.maxQueryChars) {
      throw new SearchRequestInvalidError(
        `query must be at most ${this.config.maxQueryChars} characters (got ${query.length})`,
      );
    }
    const history = body.history ?? [];
    if (history.length > this.config.maxHistoryTurns) {
      throw new SearchRequestInvalidError(
        `history must have at most ${this.config.maxHistoryTurns} turns (got ${history.length})`,
      );
    }
    const chatModel = this.models.chatModel(body.chatModel);
    return {
      query,
      history: history.map(([role, content]): HistoryTurn => ({
        role: role === 'human' || role === 'user' ? 'user' : 'assistant',
        content,
      })),
      sourceKinds: this.sourceKinds(body),
      mode: body.optimizationMode ?? 'speed',
      systemInstructions: body.systemInstructions?.trim() || undefined,
      chatModel,
      embeddingModel: this.models.embeddingModel(
        body.embeddingModel,
        'embeddingModel',
        chatModel.providerId,
      ),
      filters: buildSearchFilters({
        domains: { field: 'domainFilter', value: body.domainFilter },
        recency: { field: 'recencyFilter', value: body.recencyFilter },
        after: { field: 'afterDate', value: body.afterDate },
        before: { field: 'beforeDate', value: body.beforeDate },
        maxSources: { field: 'maxSources', value: body.maxSources },
      }),
      requestId,
    };
  }

  private sourceKinds(body: SearchRequestDto): SourceKind[] {
    if (body.sources) return body.sources as SourceKind[];
    return body.focusMode ? [...FOCUS_MODE_SOURCES[body.focusMode]] : [];
  }
}
