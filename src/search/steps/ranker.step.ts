import { Injectable, Logger } from '@nestjs/common';
import type { EmbeddingModel, EmbeddingVector } from '../../providers';
import { lexicalTerms, questionLanguage } from '../../text';
import { lexicalScores } from '../ranking/lexical-scores';
import { narrowerFirst } from '../ranking/narrower-first';
import { orderByScore, reciprocalRankFusion } from '../ranking/rank-fusion';
import type { Candidate, RankedCandidate } from './candidate';
import { normalizeUrl } from './url-normalizer';
import { NormedVectors } from './vector-math';

/** Two passages this similar say the same thing; the lower-ranked one is dropped. */
const NEAR_DUPLICATE = 0.97;
/**
 * When the only text of a candidate is the backend's excerpt, the backend's order (made on the
 * whole page) counts twice: a couple of hundred characters are weaker evidence than the page.
 */
const EXCERPT_BACKEND_WEIGHT = 2;
/**
 * A model that embeds meaning (not the built-in hashing one) is the strongest order: it sees the
 * paraphrase that shares no word with the question. It weighs this many times the backend's order
 * (with k = 60 a smaller factor barely moves a candidate one place).
 */
const SEMANTIC_FACTOR = 2;
/** Embedding inputs are cut to this many characters: relevance shows early, and batches stay small. */
const MAX_EMBED_CHARS = 2000;

export interface RankInput {
  /** Everything searched for (the question and the planned queries): what ranking matches. */
  readonly query: string;
  /** The question (with its conversation's key phrases for a follow-up); default: query. */
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
  /** Text scored for a candidate; default title and snippet. */
  readonly textOf?: (candidate: Candidate) => string;
  /**
   * The narrower search this one extends (speed mode's, for balanced and quality): its query and
   * which candidates it found. Its own ranking of its own candidates, by this same function, stands;
   * every other candidate enters just above the first of them it outranks when all candidates are
   * ranked against the narrower query (see narrowerFirst): searching more adds what beats speed's
   * results on speed's own scoring, and never reorders them.
   */
  readonly narrower?: NarrowerSearch;
}

export interface NarrowerSearch {
  readonly query: string;
  readonly found: (candidate: Candidate) => boolean;
}

/** One fusion's inputs: whose candidates, matched against which query. */
interface Pool {
  readonly members: readonly number[];
  readonly queryTerms: readonly string[];
  /** Index of the query's vector among the embedded texts. */
  readonly queryVector: number;
}

/**
 * Rank: orders every candidate by reciprocal rank fusion of three orders: the backend's own (the
 * order candidates arrive in), BM25 over title and snippet, and cosine similarity of the request's
 * embedding model (query and candidates embedded in one call). Word overlap orders, it never
 * vetoes: every candidate comes back but near-duplicates (whether the sources answer is the chat
 * model's judgement). When embedding fails the other two orders still rank (logged).
 */
@Injectable()
export class Ranker {
  private readonly logger = new Logger('Ranker');

  async rank(input: RankInput): Promise<RankedCandidate[]> {
    const { candidates, narrower } = input;
    if (candidates.length === 0) return [];
    const textOf = input.textOf ?? ((candidate) => `${candidate.title}\n${candidate.snippet}`);
    const texts = candidates.map((candidate) => textOf(candidate));
    const question = input.question ?? input.query;
    const language = questionLanguage(question);
    const termsOf = texts.map((text) => lexicalTerms(text, language));
    const questionTerms = lexicalTerms(question, language);
    const queries = narrower ? [input.query, narrower.query] : [input.query];
    const embedded = await this.embed(input, queries, texts);
    const vectors = embedded ? new NormedVectors(embedded) : undefined;
    const firstText = queries.length;
    const fusion = (pool: Pool): number[] => {
      const lexical = lexicalScores(
        pool.queryTerms,
        questionTerms,
        pool.members.map((i) => termsOf[i]),
      );
      const similarity = vectors
        ? pool.members.map((i) => vectors.cosine(pool.queryVector, firstText + i))
        : undefined;
      const evidence =
        input.evidence ?? (candidates.every((c) => c.kind === 'local') ? 'passage' : 'excerpt');
      const backendWeight = evidence === 'excerpt' ? EXCERPT_BACKEND_WEIGHT : 1;
      const embeddingWeight = input.embeddingModel.lexicalOnly
        ? 1
        : SEMANTIC_FACTOR * backendWeight;
      const inPool = (order: readonly number[]) => order.map((at) => pool.members[at]);
      return reciprocalRankFusion(candidates.length, [
        {
          order: pool.members,
          // Passages of one read page share its rank: the backend ranked pages, not their parts.
          // Otherwise the rank within the pool, as the narrower search alone would have seen it.
          ranks: pool.members.map((i, at) => candidates[i].backendRank ?? at),
          weight: backendWeight,
        },
        { order: inPool(orderByScore(lexical.bm25)), weight: 1 },
        ...(similarity
          ? [{ order: inPool(orderBySimilarity(similarity)), weight: embeddingWeight }]
          : []),
      ]);
    };
    const all = candidates.map((_, i) => i);
    const narrowed = narrower ? all.filter((i) => narrower.found(candidates[i])) : [];
    let order: number[];
    if (narrower && narrowed.length > 0 && narrowed.length < candidates.length) {
      const narrowerTerms = lexicalTerms(narrower.query, language);
      const own = fusion({ members: narrowed, queryTerms: narrowerTerms, queryVector: 1 });
      // Extras are judged as the narrower search would judge them, had it found them too.
      const judge = fusion({ members: all, queryTerms: narrowerTerms, queryVector: 1 });
      const found = new Set(narrowed);
      const foundAddresses = new Set(narrowed.map((i) => normalizeUrl(candidates[i].url)));
      const extras = all.filter((i) => !found.has(i));
      // Another passage of an address speed found (a local file's other chunk) adds text to that
      // source, not a chance to move it: only new addresses compete for places.
      const isNew = (i: number) => !foundAddresses.has(normalizeUrl(candidates[i].url));
      const moreOfFound = extras.filter((i) => !isNew(i)).sort((a, b) => judge[b] - judge[a]);
      order = [...narrowerFirst(orderByScore(own), extras.filter(isNew), judge), ...moreOfFound];
    } else {
      const queryTerms = lexicalTerms(input.query, language);
      order = orderByScore(fusion({ members: all, queryTerms, queryVector: 0 }));
    }

    const chosen: number[] = [];
    for (const i of order) {
      const duplicate =
        vectors !== undefined &&
        chosen.some((j) => vectors.similarAtLeast(firstText + i, firstText + j, NEAR_DUPLICATE));
      if (!duplicate) chosen.push(i);
    }
    return chosen.map((i, at) => ({
      ...candidates[i],
      backendRank: candidates[i].backendRank ?? i,
      score: 1 / (1 + at),
    }));
  }

  /** The query vectors first, then one per candidate; undefined when the model failed (logged). */
  private async embed(
    input: RankInput,
    queries: readonly string[],
    texts: readonly string[],
  ): Promise<EmbeddingVector[] | undefined> {
    const all = [...queries, ...texts.map((text) => text.slice(0, MAX_EMBED_CHARS))];
    try {
      const vectors = await input.embeddingModel.embed(all, { signal: input.signal });
      if (vectors.length !== all.length) {
        throw new Error(`expected ${all.length} vectors, got ${vectors.length}`);
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

/** Every candidate, most similar first: a semantic model may rank one that shares no word. */
function orderBySimilarity(similarity: readonly number[]): number[] {
  return similarity
    .map((value, index) => ({ value, index }))
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .map((entry) => entry.index);
}
