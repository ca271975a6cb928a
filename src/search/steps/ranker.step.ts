import { Injectable, Logger } from '@nestjs/common';
import type { EmbeddingModel } from '../../providers/model.ports';
import type { Candidate, RankedCandidate } from './candidate';
import { cosineSimilarity } from './vector-math';

/** Two passages this similar say the same thing; the lower-ranked one is dropped. */
const NEAR_DUPLICATE = 0.97;
/** Embedding inputs are cut to this many characters: relevance shows early, and batches stay small. */
const MAX_EMBED_CHARS = 2000;

export interface RankInput {
  readonly query: string;
  readonly candidates: readonly Candidate[];
  readonly embeddingModel: EmbeddingModel;
  readonly signal: AbortSignal;
  readonly requestId?: string;
  /** Text embedded for a candidate; default title and snippet. */
  readonly textOf?: (candidate: Candidate) => string;
}

/**
 * Rank: embeds the query with every candidate in one call (so batch-relative embeddings see the
 * whole batch), orders by cosine similarity and drops near-duplicates. When embedding fails the
 * backend's order is kept, logged, so a search still answers.
 */
@Injectable()
export class Ranker {
  private readonly logger = new Logger('Ranker');

  async rank(input: RankInput): Promise<RankedCandidate[]> {
    const { candidates } = input;
    if (candidates.length === 0) return [];
    const textOf = input.textOf ?? ((candidate) => `${candidate.title}\n${candidate.snippet}`);
    let vectors: number[][];
    try {
      vectors = await input.embeddingModel.embed(
        [
          input.query,
          ...candidates.map((candidate) => textOf(candidate).slice(0, MAX_EMBED_CHARS)),
        ],
        { signal: input.signal },
      );
      if (vectors.length !== candidates.length + 1) {
        throw new Error(`expected ${candidates.length + 1} vectors, got ${vectors.length}`);
      }
    } catch (error) {
      if (input.signal.aborted) throw error;
      this.logger.warn(
        { requestId: input.requestId },
        `embedding failed, keeping the backend's order: ${(error as Error).message}`,
      );
      return candidates.map((candidate) => ({ ...candidate, score: 0 }));
    }
    const [queryVector, ...candidateVectors] = vectors;
    const order = candidates
      .map((candidate, index) => ({
        index,
        score: cosineSimilarity(queryVector, candidateVectors[index]),
      }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    const kept: Array<{ index: number; score: number }> = [];
    for (const entry of order) {
      const vector = candidateVectors[entry.index];
      const duplicate = kept.some(
        (other) => cosineSimilarity(vector, candidateVectors[other.index]) >= NEAR_DUPLICATE,
      );
      if (!duplicate) kept.push(entry);
    }
    return kept.map((entry) => ({ ...candidates[entry.index], score: entry.score }));
  }
}
