import { Injectable, Logger } from '@nestjs/common';
import type { EmbeddingModel } from '../../providers';
import { NormedVectors } from './vector-math';
import { PARAPHRASE_TRIPLETS } from './paraphrase-triplets';

/** The paraphrase must be nearer in every triplet, and by this much on average. */
const MIN_MEAN_MARGIN = 0.05;
/** After a probe that could not run, the model counts as meaning this long, then is asked again. */
const PROBE_RETRY_MS = 60_000;
/** Verdicts remembered, one per provider and model key (providers are configured, so few). */
const MAX_VERDICTS = 256;

/**
 * Whether an embedding model's order is evidence of meaning, asked once per model: its vectors of
 * PARAPHRASE_TRIPLETS must put each paraphrase nearer than the unrelated text. A model that passes
 * is the strongest order in ranking; one that fails (a bag of words behind an OpenAI-compatible
 * API) is weighed as one lexical order among others, as the built-in hashing model is, so a weak
 * model cannot outvote the backend's order and BM25.
 */
@Injectable()
export class ParaphraseProbe {
  private readonly logger = new Logger('ParaphraseProbe');
  private readonly verdicts = new Map<string, Promise<boolean>>();

  /** Never rejects: a probe that fails to run counts as a pass, and is asked again a minute on. */
  seesMeaning(model: EmbeddingModel): Promise<boolean> {
    const id = `${model.providerId}\u0000${model.key}`;
    const known = this.verdicts.get(id);
    if (known) return known;
    if (this.verdicts.size >= MAX_VERDICTS)
      this.verdicts.delete(this.verdicts.keys().next().value!);
    const verdict = this.probe(model).then(
      (sees) => {
        const weighed = sees ? 'as meaning' : 'as one lexical order (paraphrases not told apart)';
        this.logger.log(`embedding model ${model.providerName}/${model.key} ranks ${weighed}`);
        return sees;
      },
      (error: Error) => {
        const forget = () => this.verdicts.get(id) === verdict && this.verdicts.delete(id);
        setTimeout(forget, PROBE_RETRY_MS).unref();
        this.logger.warn(
          `paraphrase probe of ${model.providerName}/${model.key} failed: ${error.message}`,
        );
        return true;
      },
    );
    this.verdicts.set(id, verdict);
    return verdict;
  }

  private async probe(model: EmbeddingModel): Promise<boolean> {
    const texts = PARAPHRASE_TRIPLETS.flat();
    const vectors = await model.embed(texts);
    if (vectors.length !== texts.length) {
      throw new Error(`expected ${texts.length} vectors, got ${vectors.length}`);
    }
    return tellsParaphrases(new NormedVectors(vectors));
  }
}

/** vectors holds PARAPHRASE_TRIPLETS flattened, in order. */
function tellsParaphrases(vectors: NormedVectors): boolean {
  let margin = 0;
  for (let i = 0; i < PARAPHRASE_TRIPLETS.length; i++) {
    const nearer = vectors.cosine(3 * i, 3 * i + 1) - vectors.cosine(3 * i, 3 * i + 2);
    if (!(nearer > 0)) return false;
    margin += nearer;
  }
  return margin / PARAPHRASE_TRIPLETS.length >= MIN_MEAN_MARGIN;
}
