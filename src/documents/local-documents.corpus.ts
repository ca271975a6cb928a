import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  LOCAL_DOCS_STORE_ID,
  LocalCorpusRegistry,
  type LocalCorpus,
  type LocalDirectoryState,
  type LocalScope,
  type SearchResult,
} from '../search';
import { documentsConfig, type DocumentsConfig } from './documents.config';
import { DocumentNotFoundError } from './documents.errors';
import { SHARED_OWNER } from './documents.types';
import { LocalDocsDirectorySync } from './local-docs-directory.sync';
import { CHUNK_SEARCH_LIMITS } from './storage/chunk-search.limits';
import type { LazyDatabase } from './storage/lazy.database';
import { SQL_DATABASE } from './storage/sql-database';
import { VectorStoreSearch, type ChunkHit } from './vector-store-search.service';

/**
 * The caller's vector stores as the local source of POST /api/search and /v1/chat/completions:
 * registered with search's seam, so a search never reads another caller's documents.
 */
@Injectable()
export class LocalDocumentsCorpus implements LocalCorpus, OnModuleInit {
  constructor(
    private readonly registry: LocalCorpusRegistry,
    private readonly chunks: VectorStoreSearch,
    @Inject(SQL_DATABASE) private readonly db: LazyDatabase,
    @Inject(documentsConfig.KEY) private readonly config: DocumentsConfig,
    private readonly directory: LocalDocsDirectorySync,
  ) {}

  get servesDirectory(): boolean {
    return this.config.localDocsInDatabase;
  }

  whenDirectoryReady(): Promise<LocalDirectoryState> {
    return this.directory.whenSynced();
  }

  onModuleInit(): void {
    this.registry.register(this);
  }

  async search(query: string, limit: number, scope: LocalScope): Promise<SearchResult[]> {
    const owner = scope.ownerId ?? SHARED_OWNER;
    // An embedded database never written holds nothing: not created just to find that out.
    const stores = this.db.inUse
      ? await this.chunks.readableStores(owner, scope.vectorStoreIds)
      : [];
    // A store named that the caller cannot read is a mistake to be told, not an empty result.
    const unknown = scope.vectorStoreIds?.find(
      (id) => id !== LOCAL_DOCS_STORE_ID && !stores.includes(id),
    );
    if (unknown) throw new DocumentNotFoundError('vector store', unknown, 'vector_store_ids');
    if (stores.length === 0) return [];
    const hits = await this.chunks.search(owner, stores, query, {
      maxResults: limit,
      candidateCap: CHUNK_SEARCH_LIMITS.localSourceCandidateCap,
    });
    // Search's ranker fuses this order with its own embeddings' order, as it does a web
    // backend's: given the lexical order alone, as the in-memory index's BM25 gave.
    return hits.sort((a, b) => b.textRank - a.textRank).map(citationOf);
  }
}

/**
 * A chunk as a source: cited by its file's name and headings, at a URL that stays the file's. A
 * file of LOCAL_DOCS_DIR keeps the title and URL the folder's in-memory index gave it.
 */
function citationOf(hit: ChunkHit): SearchResult {
  const sourceUrl = hit.attributes.source_url;
  if (typeof sourceUrl === 'string') return { title: hit.title, url: sourceUrl, snippet: hit.text };
  const headings = hit.title.split(' > ').slice(1);
  return {
    title: [hit.filename, ...headings].join(' > '),
    url: `/v1/vector_stores/${hit.vectorStoreId}/files/${hit.fileId}`,
    snippet: hit.text,
  };
}
