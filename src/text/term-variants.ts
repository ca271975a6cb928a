/** Below this length a stem is too short to stand for a word family by its prefix ("set", "run"). */
const MIN_FAMILY_STEM = 5;
/** A word family differs by a suffix ("normal", "normalis"): longer differences are other words ("health", "healthcheck"). */
const MAX_SUFFIX = 4;
/** Below this length a term is too short to be found inside a compound ("log" in "catalog"). */
const MIN_COMPOUND_TERM = 4;

/**
 * The stems of a text, indexed so that a question's term can be looked up with its morphological
 * variants: what one stemmer keeps apart, a reader takes for one word ("normalise" and
 * "normalization", "compress" and "compression"), and a name written inside a compound
 * ("CRLF" in "autocrlf", "pack" in "packfile").
 */
export class StemIndex {
  private readonly stems: ReadonlySet<string>;
  private readonly longStems: readonly string[];

  constructor(stems: Iterable<string>) {
    this.stems = new Set(stems);
    this.longStems = [...this.stems].filter((stem) => stem.length >= MIN_COMPOUND_TERM);
  }

  /** The stem itself. */
  has(stem: string): boolean {
    return this.stems.has(stem);
  }

  /**
   * The stem, one of its word family (one stem begins with the other and goes on by a suffix,
   * both long enough to be more than a syllable), or, with `compounds`, a longer word it is part of.
   */
  hasVariant(stem: string, options: { compounds?: boolean } = {}): boolean {
    if (this.stems.has(stem)) return true;
    if (stem.length < MIN_COMPOUND_TERM) return false;
    return this.longStems.some(
      (other) =>
        (Math.min(stem.length, other.length) >= MIN_FAMILY_STEM &&
          Math.abs(stem.length - other.length) <= MAX_SUFFIX &&
          (other.startsWith(stem) || stem.startsWith(other))) ||
        (options.compounds === true && other.length > stem.length && other.includes(stem)),
    );
  }
}
