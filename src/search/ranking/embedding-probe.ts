import { Injectable, Logger } from '@nestjs/common';
import type { EmbeddingModel } from '../../providers';
import { NormedVectors } from './vector-math';
import { PARAPHRASE_TRIPLETS, WORD_TRIPLETS } from './probe-triplets';

/**
 * What an embedding model's vectors tell apart: `meaning` (paraphrases from unrelated texts),
 * `words` (only texts that share words: a bag of words, character n-grams), or `nothing` (the
 * same vector for every text, or vectors unrelated to the text).
 */
export type EmbeddingSight = 'meaning' | 'words' | 'nothing';

/** The nearer text must be nearer in every triplet, and by this much on average. */
const MIN_MEAN_MARGIN = 0.05;
/** After a probe that could not run, the model counts as meaning this long, then is asked again. */
const PROBE_RETRY_MS = 60_000;
/** Verdicts remembered, one per provider and model key (providers are configured, so few). */
const MAX_VERDICTS = 256;

interface Verdict {
  readonly sight: Promise<EmbeddingSight>;
  reached?: EmbeddingSight;
}

const VERDICT_LOG: Record<EmbeddingSight, string> = {
  meaning: 'ranks as meaning',
  words: 'ranks as one lexical order (paraphrases not told apart)',
  nothing:
    "is not used to rank (its vectors do not tell texts that share words from unrelated ones); ranking by the backend's order and BM25",
};

/**
 * What an embedding model sees, asked once per model (PARAPHRASE_TRIPLETS and WORD_TRIPLETS in one
 * call): the ranker weighs meaning strongest and words as one lexical order, so a weak model cannot
 * outvote the backend and BM25, and leaves out a model that sees nothing, whose similarities would
 * order at random and make every candidate a near-duplicate of the first.
 */
@Injectable()
export class EmbeddingProbe {
  private readonly logger = new Logger('EmbeddingProbe');
  /** Per model: the probe's verdict, and the verdict itself once reached (read without waiting). */
  private readonly verdicts = new Map<string, Verdict>();

  /** Never rejects: a probe that fails to run counts as meaning, and is asked again a minute on. */
  sightOf(model: EmbeddingModel): Promise<EmbeddingSight> {
    const id = idOf(model);
    const known = this.verdicts.get(id);
    if (known) return known.sight;
    if (this.verdicts.size >= MAX_VERDICTS) {
      this.verdicts.delete(this.verdicts.keys().next().value!);
    }
    const verdict: Verdict = {
      sight: this.probe(model).then(
        (sight) => {
          this.logger.log(
            `embedding model ${model.providerName}/${model.key} ${VERDICT_LOG[sight]}`,
          );
          verdict.reached = sight;
          return sight;
        },
        (error: Error): EmbeddingSight => {
          const forget = () => this.verdicts.get(id) === verdict && this.verdicts.delete(id);
          setTimeout(forget, PROBE_RETRY_MS).unref();
          this.logger.warn(
            `embedding probe of ${model.providerName}/${model.key} failed: ${error.message}`,
          );
          return 'meaning';
        },
      ),
    };
    this.verdicts.set(id, verdict);
    return verdict.sight;
  }

  /** The verdict on a model once it is reached (without waiting), else undefined. */
  reachedSightOf(model: EmbeddingModel): EmbeddingSight | undefined {
    return this.verdicts.get(idOf(model))?.reached;
  }

  private async probe(model: EmbeddingModel): Promise<EmbeddingSight> {
    const triplets = [...PARAPHRASE_TRIPLETS, ...WORD_TRIPLETS];
    const texts = triplets.flat();
    const vectors = await model.embed(texts);
    if (vectors.length !== texts.length) {
      throw new Error(`expected ${texts.length} vectors, got ${vectors.length}`);
    }
    const normed = new NormedVectors(vectors);
    if (tellsApart(normed, 0, PARAPHRASE_TRIPLETS.length)) return 'meaning';
    return tellsApart(normed, PARAPHRASE_TRIPLETS.length, WORD_TRIPLETS.length)
      ? 'words'
      : 'nothing';
  }
}

/** Whether the triplets from `first` on (vectors of the triplets flattened) put the second text nearer. */
function tellsApart(vectors: NormedVectors, first: number, count: number): boolean {
  let margin = 0;
  for (let i = first; i < first + count; i++) {
    const nearer = vectors.cosine(3 * i, 3 * i + 1) - vectors.cosine(3 * i, 3 * i + 2);
    if (!(nearer > 0)) return false;
    margin += nearer;
  }
  return margin / count >= MIN_MEAN_MARGIN;
}

function idOf(model: EmbeddingModel): string {
  return `${model.providerId}\u0000${model.key}`;
}
