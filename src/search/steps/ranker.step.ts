import { Injectable, Logger } from '@nestjs/common';
import type { EmbeddingModel, EmbeddingVector } from '../../providers';
import { lexicalTerms, questionLanguage } from '../../text';
import { EmbeddingsOnce } from '../ranking/embeddings-once';
import { lexicalScores } from '../ranking/lexical-scores';
import { narrowerFirst } from '../ranking/narrower-first';
import { EmbeddingProbe } from '../ranking/embedding-probe';
import { orderByScore, reciprocalRankFusion } from '../ranking/rank-fusion';
import { NormedVectors } from '../ranking/vector-math';
import type { Candidate, RankedCandidate } from './candidate';
import { normalizeUrl } from './url-normalizer';

/** Two passages this similar say the same thing; the lower-ranked one is dropped. */
const NEAR_DUPLICATE = 0.97;
/**
 * When the only text of a candidate is the backend's excerpt, the backend's order (made on the
 * whole page) counts twice: a couple of hundred characters are weaker evidence than the page.
 */
const EXCERPT_BACKEND_WEIGHT = 2;
/**
 * A model that embeds meaning (one the EmbeddingProbe finds sees it) is the strongest order: it sees
 * the paraphrase that shares no word with the question. It weighs this many times the backend's
 * order (with k = 60 a smaller factor barely moves a candidate one place).
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
   * every other candidate is placed below each of them that outranks it when all candidates are
   * ranked against the narrower query (see narrowerFirst): searching more adds what beats speed's
   * results on speed's own scoring, and never reorders them.
   */
  readonly narrower?: NarrowerSearch;
}

export interface NarrowerSearch {
  readonly query: string;
  readonly found: (candidate: Candidate) => boolean;
  /** The search it extends in turn (quality's first round extends speed's search). */
  readonly narrower?: NarrowerSearch;
}

/** One ranking of a candidate list: item indexes best first (near-duplicates left out), scores. */
interface Ranking {
  readonly order: number[];
  /** Fused score of every candidate (those left out too). */
  readonly scores: number[];
}

/**
 * Rank: orders every candidate by reciprocal rank fusion of three orders: the backend's own (the
 * order candidates arrive in), BM25 over title and snippet, and cosine similarity of the request's
 * embedding model (query and candidates embedded in one call; weighed as meaning only when the
 * EmbeddingProbe finds the model sees it). Word overlap orders, it never vetoes: every candidate
 * comes back but near-duplicates (whether the sources answer is the chat model's judgement). When
 * embedding fails, or the model's vectors see nothing, the other two orders still rank (logged).
 */
@Injectable()
export class Ranker {
  private readonly logger = new Logger('Ranker');

  constructor(private readonly embeddingProbe: EmbeddingProbe) {}

  async rank(input: RankInput): Promise<RankedCandidate[]> {
    const { candidates } = input;
    if (candidates.length === 0) return [];
    const { order, scores } = await this.ordered(input);
    return order.map((i) => ({
      ...candidates[i],
      backendRank: candidates[i].backendRank ?? i,
      score: scores[i],
    }));
  }

  private ordered(input: RankInput): Promise<Ranking> {
    const { candidates, narrower } = input;
    const found = narrower ? candidates.flatMap((c, i) => (narrower.found(c) ? [i] : [])) : [];
    return narrower && found.length > 0 && found.length < candidates.length
      ? this.extending(input, narrower, found)
      : this.ranking(input);
  }

  /**
   * A wider search's ranking (see RankInput.narrower): the narrower search's own ranking of its own
   * candidates, computed exactly as that search computes it (its own embedding call: the built-in
   * model weighs words by the batch it embeds), with every other candidate placed by narrowerFirst
   * on the ranking of all candidates against the narrower query. Scores are by final position.
   */
  private async extending(
    input: RankInput,
    narrower: NarrowerSearch,
    found: readonly number[],
  ): Promise<Ranking> {
    const { candidates } = input;
    // The built-in model weighs words by the batch it embeds, so each ranking embeds its own
    // batch; any other model gives a text one vector, so the narrower ranking reuses the wider's.
    const embeddingModel =
      input.embeddingModel.lexicalOnly || input.embeddingModel instanceof EmbeddingsOnce
        ? input.embeddingModel
        : new EmbeddingsOnce(input.embeddingModel);
    const asNarrower = { ...input, embeddingModel, query: narrower.query, narrower: undefined };
    // Extras are judged as the narrower search would judge them, had it found them too. The two
    // rankings are independent: made at once, the wider search waits for one embedding round trip
    // (the wider one asks first, so the narrower one finds its texts asked for).
    const [judged, own] = await Promise.all([
      this.ranking(asNarrower),
      this.ordered({
        ...asNarrower,
        candidates: found.map((i) => candidates[i]),
        narrower: narrower.narrower,
      }),
    ]);
    const foundSet = new Set(found);
    // An extra that is a near-duplicate of a better candidate stays out, as in any ranking.
    const extras = judged.order.filter((i) => !foundSet.has(i));
    const foundAddresses = new Set(found.map((i) => normalizeUrl(candidates[i].url)));
    // Another passage of an address speed found (a local file's other chunk) adds text to that
    // source, not a chance to move it: only new addresses compete for places.
    const isNew = (i: number) => !foundAddresses.has(normalizeUrl(candidates[i].url));
    const order = [
      ...narrowerFirst(
        own.order.map((at) => found[at]),
        extras.filter(isNew),
        judged.scores,
      ),
      ...extras.filter((i) => !isNew(i)),
    ];
    const scores = new Array<number>(candidates.length).fill(0);
    order.forEach((i, at) => (scores[i] = 1 / (1 + at)));
    return { order, scores };
  }

  /** One fusion of every candidate against input.query. */
  private async ranking(input: RankInput): Promise<Ranking> {
    const { candidates } = input;
    const textOf = input.textOf ?? ((candidate) => `${candidate.title}\n${candidate.snippet}`);
    const texts = candidates.map((candidate) => textOf(candidate));
    const question = input.question ?? input.query;
    const language = questionLanguage(question);
    const lexical = lexicalScores(
      lexicalTerms(input.query, language),
      lexicalTerms(question, language),
      texts.map((text) => lexicalTerms(text, language)),
    );
    const evidence =
      input.evidence ?? (candidates.every((c) => c.kind === 'local') ? 'passage' : 'excerpt');
    const backendWeight = evidence === 'excerpt' ? EXCERPT_BACKEND_WEIGHT : 1;
    const model = input.embeddingModel;
    // A model known to see nothing is not asked; on its first search the probe and the ranking's
    // call run side by side, and the ranking's vectors are left unused.
    const reached = model.lexicalOnly ? 'words' : this.embeddingProbe.reachedSightOf(model);
    const [embedded, sight] = await Promise.all([
      reached === 'nothing' ? undefined : this.embed(input, texts),
      reached ?? this.embeddingProbe.sightOf(model),
    ]);
    const vectors = embedded && sight !== 'nothing' ? new NormedVectors(embedded) : undefined;
    const similarity = vectors ? candidates.map((_, i) => vectors.cosine(0, i + 1)) : undefined;
    const embeddingWeight = sight === 'meaning' ? SEMANTIC_FACTOR * backendWeight : 1;
    const fused = reciprocalRankFusion(candidates.length, [
      {
        order: candidates.map((_, i) => i),
        // Passages of one read page share its rank: the backend ranked pages, not their parts.
        ranks: candidates.map((candidate, i) => candidate.backendRank ?? i),
        weight: backendWeight,
      },
      { order: orderByScore(lexical.bm25), weight: 1 },
      ...(similarity ? [{ order: orderBySimilarity(similarity), weight: embeddingWeight }] : []),
    ]);

    const chosen: number[] = [];
    for (const i of orderByScore(fused)) {
      const duplicate =
        vectors !== undefined &&
        chosen.some((j) => vectors.similarAtLeast(i + 1, j + 1, NEAR_DUPLICATE));
      if (!duplicate) chosen.push(i);
    }
    return { order: chosen, scores: fused };
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

/** Every candidate, most similar first: a semantic model may rank one that shares no word. */
function orderBySimilarity(similarity: readonly number[]): number[] {
  return similarity
    .map((value, index) => ({ value, index }))
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .map((entry) => entry.index);
}
