import { Injectable, Logger } from '@nestjs/common';
import type { EmbeddingModel, EmbeddingVector } from '../../providers';
import { lexicalScores } from '../ranking/lexical-scores';
import { lexicalTerms, questionLanguage, questionTerms } from '../ranking/lexical-terms';
import { orderByScore, reciprocalRankFusion } from '../ranking/rank-fusion';
import { aboveFloor, missesSpecificTerms } from '../ranking/relevance-floor';
import { namesSubjectOnlyInPassing } from '../ranking/subject-in-passing';
import type { Candidate, RankedCandidate } from './candidate';
import { NormedVectors } from './vector-math';

/** Two passages this similar say the same thing; the lower-ranked one is dropped. */
const NEAR_DUPLICATE = 0.97;
/**
 * When the only text of a candidate is the backend's excerpt, the backend's order (made on the
 * whole page) counts as much as BM25 and embedding similarity together, and its first results are
 * kept by the relevance floor: a couple of hundred characters are weaker evidence than the page.
 */
const EXCERPT_BACKEND_WEIGHT = 2;
const EXCERPT_TRUSTED_FIRST = 3;
/** Embedding inputs are cut to this many characters: relevance shows early, and batches stay small. */
const MAX_EMBED_CHARS = 2000;

export interface RankInput {
  /** Everything searched for (the question and the planned queries): what ranking matches. */
  readonly query: string;
  /**
   * What the relevance floor measures coverage of: the question (with its conversation's key
   * phrases for a follow-up). Default: query. Planned queries are left out on purpose: a
   * two-word key phrase is easy to cover by a page that does not answer the question.
   */
  readonly question?: string;
  readonly candidates: readonly Candidate[];
  readonly embeddingModel: EmbeddingModel;
  readonly signal: AbortSignal;
  readonly requestId?: string;
  /**
   * What the candidates' text is: the backend's short excerpts, or whole passages of read pages or
   * local files, which lexical scoring and embeddings can judge as well as the backend did.
   * Default: passages when every candidate is a local one (the local index returns passages),
   * excerpts otherwise.
   */
  readonly evidence?: 'excerpt' | 'passage';
  /**
   * Candidates a floor already kept (excerpts of pages that could not be read, beside passages of
   * pages that were): their short text is not held to the standard of whole passages again.
   */
  readonly kept?: ReadonlySet<Candidate>;
  /** Text scored for a candidate; default title and snippet. */
  readonly textOf?: (candidate: Candidate) => string;
}

/**
 * Rank: hybrid ranking by reciprocal rank fusion of three orders: the backend's own (the order
 * candidates arrive in), BM25 over title and snippet, and cosine similarity of the embedding model
 * (query and candidates embedded in one call). Candidates below the relevance floor are dropped,
 * then near-duplicates; none is kept when whole passages miss the question's specific terms (see
 * missesSpecificTerms) or when the candidates, passages or excerpts, name them only in passing
 * (namesSubjectOnlyInPassing). When embedding fails the other two orders still rank (logged).
 */
@Injectable()
export class Ranker {
  private readonly logger = new Logger('Ranker');

  async rank(input: RankInput): Promise<RankedCandidate[]> {
    const { candidates } = input;
    if (candidates.length === 0) return [];
    const textOf = input.textOf ?? ((candidate) => `${candidate.title}\n${candidate.snippet}`);
    const texts = candidates.map((candidate) => textOf(candidate));

    const question = input.question ?? input.query;
    const language = questionLanguage(question);
    const terms = texts.map((text) => lexicalTerms(text, language));
    const lexical = lexicalScores(
      lexicalTerms(input.query, language),
      lexicalTerms(question, language),
      terms,
    );
    const evidence =
      input.evidence ?? (candidates.every((c) => c.kind === 'local') ? 'passage' : 'excerpt');
    const excerptsOnly = evidence === 'excerpt';
    const asked = questionTerms(question, language);
    const documents = terms.map((list) => new Set(list));
    // An excerpt is a part of its page: missing a specific term is no proof the page does.
    if (!excerptsOnly && missesSpecificTerms(asked, documents)) return [];
    // Not when excerpts kept beside read pages' passages are judged again (quality mode): they
    // were judged with the other excerpts in the first ranking.
    if (
      !input.kept?.size &&
      namesSubjectOnlyInPassing(question, asked, candidates, documents, language)
    ) {
      return [];
    }
    const kept = aboveFloor(lexical.coverage, excerptsOnly ? EXCERPT_TRUSTED_FIRST : 0);
    if (kept.size === 0) return [];

    const embedded = await this.embed(input, texts);
    const vectors = embedded ? new NormedVectors(embedded) : undefined;
    const similarity = vectors ? candidates.map((_, i) => vectors.cosine(0, i + 1)) : undefined;
    const fused = reciprocalRankFusion(candidates.length, [
      {
        order: candidates.map((_, i) => i),
        // Passages of one read page share its rank: the backend ranked pages, not their parts.
        ranks: candidates.map((candidate, i) => candidate.backendRank ?? i),
        weight: excerptsOnly ? EXCERPT_BACKEND_WEIGHT : 1,
      },
      { order: orderByScore(lexical.bm25), weight: 1 },
      ...(similarity ? [{ order: orderByScore(similarity), weight: 1 }] : []),
    ]);

    const order = orderByScore(fused).filter((i) => kept.has(i) || input.kept?.has(candidates[i]));
    const chosen: number[] = [];
    for (const i of order) {
      const duplicate =
        vectors !== undefined &&
        chosen.some((j) => vectors.similarAtLeast(i + 1, j + 1, NEAR_DUPLICATE));
      if (!duplicate) chosen.push(i);
    }
    return chosen.map((i) => ({
      ...candidates[i],
      backendRank: candidates[i].backendRank ?? i,
      score: fused[i],
      coverage: lexical.coverage[i],
    }));
  }

  /** Query vector first, then one per candidate; undefined when the model failed (logged). */
  private async embed(input: RankInput, texts: string[]): Promise<EmbeddingVector[] | undefined> {
    try {
      const vectors = await input.embeddingModel.embed(
        [input.query, ...texts.map((text) => text.slice(0, MAX_EMBED_CHARS))],
        { signal: input.signal },
      );
      if (vectors.length !== texts.length + 1) {
        throw new Error(`expected ${texts.length + 1} vectors, got ${vectors.length}`);
      }
      return vectors;
    } catch (error) {
      if (input.signal.aborted) throw error;
      this.logger.warn(
        { requestId: input.requestId },
        `embedding failed, ranking by the backend's order and BM25: ${(error as Error).message}`,
      );
      return undefined;
    }
  }
}
