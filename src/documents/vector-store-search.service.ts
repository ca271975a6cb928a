import { Injectable } from '@nestjs/common';
import { ModelSelector } from '../providers';
import { isStopword, wordsOf } from '../text';
import type { AttributeFilter, ChunkCandidate, OwnerId } from './documents.types';
import { TEXT_SEARCH_CONFIGS } from './ingestion/text-search-language';
import { DocumentsRepository } from './storage/documents.repository';

/** Full-text candidates per wanted result: the embeddings re-rank this many exactly. */
const CANDIDATES_PER_RESULT = 10;
const MAX_CANDIDATES = 200;

export interface ChunkSearchOptions {
  readonly maxResults: number;
  readonly filter?: AttributeFilter;
  readonly scoreThreshold?: number;
}

export interface ChunkHit extends Omit<ChunkCandidate, 'textRank' | 'similarity'> {
  /** In [0, 1]: half full-text rank, half cosine similarity of the store's embeddings. */
  readonly score: number;
}

/**
 * Search over the chunks of vector stores: PostgreSQL's full-text search picks candidates (GIN
 * index, websearch syntax, each document's own text-search configuration), then each candidate
 * is scored by its text rank and the cosine of its embedding with the query's, computed in the
 * database exactly over those few candidates (real[]; pgvector is not assumed).
 */
@Injectable()
export class VectorStoreSearch {
  constructor(
    private readonly repository: DocumentsRepository,
    private readonly models: ModelSelector,
  ) {}

  /** The stores a caller may search: all its own and the deployment's, or those named among them. */
  async readableStores(owner: OwnerId, only?: readonly string[]): Promise<string[]> {
    const readable = await this.repository.readableStoreIds(owner);
    return only ? readable.filter((id) => only.includes(id)) : readable;
  }

  async search(
    storeIds: readonly string[],
    query: string,
    options: ChunkSearchOptions,
  ): Promise<ChunkHit[]> {
    if (storeIds.length === 0 || !query.trim()) return [];
    const limit = Math.min(MAX_CANDIDATES, options.maxResults * CANDIDATES_PER_RESULT);
    const candidates = await this.repository.candidates(
      storeIds,
      query,
      TEXT_SEARCH_CONFIGS,
      limit,
      await this.queryVectors(storeIds, query),
      options.filter,
    );
    if (candidates.length === 0) return [];
    const topRank = Math.max(...candidates.map((candidate) => candidate.textRank)) || 1;
    return candidates
      .map(({ textRank, similarity, ...hit }) => ({
        ...hit,
        score: round(0.5 * (textRank / topRank) + 0.5 * Math.max(0, similarity)),
      }))
      .filter((hit) => hit.score >= (options.scoreThreshold ?? 0))
      .sort((a, b) => b.score - a.score)
      .slice(0, options.maxResults);
  }

  /** OpenAI's rewrite_query: the query's content words, without question and function words. */
  rewrite(query: string): string {
    const words = wordsOf(query).filter((word) => !isStopword(word));
    return words.length > 0 ? words.join(' ') : query;
  }

  /** The query embedded once per model of the searched stores, by store id. */
  private async queryVectors(
    storeIds: readonly string[],
    query: string,
  ): Promise<Map<string, ArrayLike<number>>> {
    const models = await this.repository.embeddingModels(storeIds);
    const byModel = new Map<string, ArrayLike<number>>();
    for (const model of new Set(models.values())) {
      const [providerId, ...key] = model.split('/');
      try {
        const embedding = this.models.embeddingModel({ providerId, key: key.join('/') });
        byModel.set(model, (await embedding.embed([query]))[0]);
      } catch {
        // A store whose model is gone is still found by its words.
      }
    }
    const byStore = new Map<string, ArrayLike<number>>();
    for (const [storeId, model] of models) {
      const vector = byModel.get(model);
      if (vector) byStore.set(storeId, vector);
    }
    return byStore;
  }
}

function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
