/**
 * What other modules may use of search: the run they hand over and its events, the meta-search
 * port, and the request pieces (model references, chat history, filter limits) their DTOs share.
 */
export * from './search-run';
export { SearchService } from './search.service';
export { joinInto, type JoiningAnswer, untilAborted } from './answer-joining';
export { readModelJson } from './steps/model-json';
export {
  SearchRunFactory,
  searchRequestLimitErrors,
  type SearchLimitErrors,
  type SearchRunRequest,
} from './search-run.factory';
export { searchConfig } from './search.config';
export { SearchRequestInvalidError } from './search-request.errors';
export {
  META_SEARCH_BACKEND,
  type MetaSearchBackend,
  type MetaSearchQuery,
} from './backends/meta-search.backend';
export type { SearchResult } from './backends/search-result';
export { IsChatHistory, toHistoryTurns, type ChatHistoryEntry } from './dto/chat-history.validator';
export { CHAT_HISTORY_ENTRY_SCHEMA } from './dto/chat-history.schema';
export { SEARCH_STREAM_MESSAGE } from './search.openapi';
export { STREAM_MESSAGE_SCHEMA } from './dto/stream-message.dto';
export { LegacyModelRefDto, ModelRefDto, modelRefSchema } from './dto/model-ref.dto';
export { IsModelRef } from './dto/model-ref.validator';
export { RefusedField } from './dto/refused-field.decorator';
export { MAX_DOMAIN_FILTER_ENTRIES } from './filters/domain-filter';
export { FILTER_DATE_FORMATS } from './filters/filter-date';
export { RECENCIES, type Recency } from './filters/recency';
export { MAX_SOURCES_LIMIT } from './filters/search-filters';
// Readers the documents module shares, so an uploaded page reads as a fetched one does.
export { extractReadable } from './steps/page-reader.step';
export { markdownPassages } from './local/markdown-passages';
export { paragraphPieces } from './text/text-chunker';
export {
  INDEXED_EXTENSIONS,
  listLocalDocFiles,
  localDocUrl,
  type LocalDocFile,
} from './local/local-docs.files';
export {
  LOCAL_DOCS_STORE_ID,
  LocalCorpusRegistry,
  type LocalCorpus,
  type LocalDirectoryState,
  type LocalScope,
} from './local/local-corpus.registry';
