import type { ChatCallOptions, ChatModel, EmbeddingModel } from '../providers';
import type { SearchFilters } from './filters/search-filters';
import type { LocalScope } from './local/local-corpus.registry';

export type { SearchFilters } from './filters/search-filters';

/** Where a search looks: the meta-search backend by category/engine, or the local documents index. */
export const SOURCE_KINDS = ['web', 'academic', 'discussions', 'local'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const OPTIMIZATION_MODES = ['speed', 'balanced', 'quality'] as const;
export type OptimizationMode = (typeof OPTIMIZATION_MODES)[number];

export interface HistoryTurn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** One search as the pipeline runs it, independent of the HTTP shape that asked for it. */
export interface SearchRun {
  readonly query: string;
  readonly history: readonly HistoryTurn[];
  /** Empty means answer from the history alone (the old writingAssistant focus mode). */
  readonly sourceKinds: readonly SourceKind[];
  readonly mode: OptimizationMode;
  readonly systemInstructions?: string;
  readonly chatModel: ChatModel;
  readonly embeddingModel: EmbeddingModel;
  readonly filters?: SearchFilters;
  /** Sampling settings for the answer only (not for query planning). */
  readonly answerOptions?: Pick<ChatCallOptions, 'temperature' | 'topP' | 'maxTokens' | 'stop'>;
  /** Request id, so that logs of one run can be found together. */
  readonly requestId?: string;
  /** Whose vector stores the local source searches. */
  readonly localScope?: LocalScope;
}

/** A source as the pipeline keeps it; the HTTP layer shows only content, title and url. */
export interface SearchSource {
  readonly title: string;
  readonly url: string;
  readonly content: string;
  readonly kind: SourceKind;
  readonly publishedDate?: string;
}

export type SearchEvent =
  | { readonly type: 'sources'; readonly data: readonly SearchSource[] }
  | { readonly type: 'response'; readonly data: string };

export interface SearchAnswer {
  readonly message: string;
  readonly sources: readonly SearchSource[];
}
