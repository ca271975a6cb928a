import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ModelSelector } from '../providers';
import { contentWordsOf } from '../text';
import { DocumentNotFoundError } from './documents.errors';
import {
  DEPLOYMENT_OWNER,
  type AttributeFilter,
  type ChunkHit,
  type OwnerId,
} from './documents.types';
import { TEXT_SEARCH_CONFIGS } from './ingestion/text-search-language';
import { CHUNK_SEARCH_LIMITS, rerankedFor } from './storage/chunk-search.limits';
import { DocumentsRepository } from './storage/documents.repository';

export interface ChunkSearchOptions {
  readonly maxResults: number;
  readonly filter?: AttributeFilter;
  readonly scoreThreshold?: number;
  /** Full-text matches ranked per language; CHUNK_SEARCH_LIMITS.candidateCap when absent. */
  readonly candidateCap?: number;
}

export type { ChunkHit } from './documents.types';

/**
 * Search over the chunks of vector stores, one statement per search: PostgreSQL's full-text
 * search picks candidates (a GIN index per language, websearch syntax, each document's own
 * text-search configuration), then the best of them are scored by their text rank and the cosine
 * of their embedding with the query's, computed in the database exactly over those few
 * candidates (real[]; pgvector is not assumed).
 */
@Injectable()
export class VectorStoreSearch {
  /** A store keeps the embedding model it was created with, so it is looked up once. */
  private readonly storeModels = new LRUCache<string, string>({ max: 10_000 });

  constructor(
    private readonly repository: DocumentsRepository,
    private readonly models: ModelSelector,
  ) {}

  /** The stores a caller may search: all its own and the deployment's, or those named among them. */
  async readableStores(owner: OwnerId, only?: readonly string[]): Promise<string[]> {
    const readable = await this.repository.readableStoreIds(owner);
    return only ? readable.filter((id) => only.includes(id)) : readable;
  }

  /** Searches the store the caller named: 404 when it may not read it (or there is none). */
  async searchStore(
    owner: OwnerId,
    storeId: string,
    query: string,
    options: ChunkSearchOptions,
  ): Promise<ChunkHit[]> {
    const { readableStoreIds, hits } = await this.run(owner, [storeId], query, options);
    if (!readableStoreIds.has(storeId)) throw new DocumentNotFoundError('vector store', storeId);
    return hits;
  }

  /** Searches those of the stores the caller may read (the others are left out). */
  async search(
    owner: OwnerId,
    storeIds: readonly string[],
    query: string,
    options: ChunkSearchOptions,
  ): Promise<ChunkHit[]> {
    if (storeIds.length === 0 || !query.trim()) return [];
    return (await this.run(owner, storeIds, query, options)).hits;
  }

  /** OpenAI's rewrite_query: the query's content words, without question and function words. */
  rewrite(query: string): string {
    const words = contentWordsOf(query);
    return words.length > 0 ? words.join(' ') : query;
  }

  private async run(
    owner: OwnerId,
    storeIds: readonly string[],
    query: string,
    options: ChunkSearchOptions,
  ) {
    return this.repository.searchChunks({
      storeIds,
      readers: [owner, DEPLOYMENT_OWNER],
      query,
      configs: TEXT_SEARCH_CONFIGS,
      candidateCap: options.candidateCap ?? CHUNK_SEARCH_LIMITS.candidateCap,
      reranked: rerankedFor(options.maxResults),
      maxResults: options.maxResults,
      scoreThreshold: options.scoreThreshold ?? 0,
      queryVectors: await this.queryVectors(storeIds, query),
      filter: options.filter,
    });
  }

  /** The query embedded once per model of the searched stores, by store id. */
  private async queryVectors(
    storeIds: readonly string[],
    query: string,
  ): Promise<Map<string, ArrayLike<number>>> {
    const unknown = storeIds.filter((id) => !this.storeModels.has(id));
    if (unknown.length > 0) {
      for (const [id, model] of await this.repository.embeddingModels(unknown)) {
        this.storeModels.set(id, model);
      }
    }
    const byModel = new Map<string, ArrayLike<number> | undefined>();
    const byStore = new Map<string, ArrayLike<number>>();
    for (const storeId of storeIds) {
      const model = this.storeModels.get(storeId);
      if (model === undefined) continue;
      if (!byModel.has(model)) byModel.set(model, await this.embed(model, query));
      const vector = byModel.get(model);
      if (vector) byStore.set(storeId, vector);
    }
    return byStore;
  }

  private async embed(model: string, query: string): Promise<ArrayLike<number> | undefined> {
    const [providerId, ...key] = model.split('/');
    try {
      const embedding = this.models.embeddingModel({ providerId, key: key.join('/') });
      return (await embedding.embed([query]))[0];
    } catch {
      // A store whose model is gone is still found by its words.
      return undefined;
    }
  }
}
