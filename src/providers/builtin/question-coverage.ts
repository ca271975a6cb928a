import { contentStems, lexicalTerms, StemIndex } from '../../text';

/**
 * How much a word of the question says about what it asks: a name (SQLite, CRLF, useEffect) most,
 * a word outside the language's everyday words (rebase, packfile) more than an everyday one.
 */
const NAME_WEIGHT = 3;
const SPECIFIC_WEIGHT = 2;
const EVERYDAY_WEIGHT = 1;

/**
 * English contractions ("aren't", "didn't", "we'll"): their pieces ("aren", "didn") are no words
 * of any list and would pass for the question's specific words.
 */
const CONTRACTION = /[\p{L}]+n['’]t\b|['’](?:ll|ve|re|d|m|s)\b/giu;

/** What separates the words of an address ("git/git-stash.html", "mod_proxy_wstunnel"). */
const ADDRESS_SEPARATORS = /[/.:_~+=&?#-]+/g;

export interface CoveredSource {
  readonly title: string;
  readonly content: string;
  readonly url?: string;
}

/**
 * What a question asks about, against the sources found: its content words (names, other
 * specific words, everyday words) looked up in each source's title, text and address as the word
 * itself or a morphological variant (StemIndex.hasVariant; specific words also inside compounds).
 */
export class QuestionCoverage {
  private readonly names: string[];
  private readonly specific: string[];
  private readonly everyday: string[];
  private readonly weights = new Map<string, number>();
  private readonly indexes: StemIndex[];

  constructor(question: string, language: string, sources: readonly CoveredSource[]) {
    const asked = contentStems(question.replace(CONTRACTION, ' '), language);
    this.names = [...new Set(asked.names ?? [])];
    this.specific = [...new Set(asked.specific)];
    this.everyday = [...new Set(asked.everyday)].filter((stem) => !this.specific.includes(stem));
    for (const stem of this.everyday) this.weights.set(stem, EVERYDAY_WEIGHT);
    for (const stem of this.specific) {
      this.weights.set(stem, this.names.includes(stem) ? NAME_WEIGHT : SPECIFIC_WEIGHT);
    }
    this.indexes = sources.map((source) => new StemIndex(sourceTerms(source, language)));
  }

  /** Per source, the weighted share of the question's content words it holds (0..1). */
  bySource(): number[] {
    const total = [...this.weights.values()].reduce((sum, weight) => sum + weight, 0);
    return this.indexes.map((_, i) => {
      if (total === 0) return 0;
      let covered = 0;
      for (const [stem, weight] of this.weights) if (this.holds(i, stem)) covered += weight;
      return covered / total;
    });
  }

  /**
   * Whether the sources miss what the question is about, so that the built-in model says they
   * do not answer it (a real model reads them; this one weighs words):
   * - the question names things (SQLite, Kubernetes, HEALTHCHECK) and no source names any of
   *   them, even as a variant or inside a compound: the sources are about something else;
   * - or at least half of its specific words are in no source, none of them is named by at least
   *   half of the sources (search excerpts leave words out, but results about what the question
   *   names name it), and no source holds most of its everyday words.
   * A question with neither names nor specific words is never judged so: its words are all
   * everyday ones, which an answer may put differently.
   */
  missesSubject(): boolean {
    if (this.names.length > 0 && !this.names.some((stem) => this.anywhere(stem))) return true;
    if (this.specific.length === 0) return false;
    const missing = this.specific.filter((stem) => !this.anywhere(stem));
    if (missing.length * 2 < this.specific.length) return false;
    const count = this.indexes.length;
    const widelyNamed = (stem: string) =>
      this.indexes.filter((_, i) => this.holds(i, stem)).length * 2 >= count;
    if (this.specific.some(widelyNamed)) return false;
    if (this.everyday.length === 0) return true;
    const needed = Math.floor(this.everyday.length / 2) + 1;
    return !this.indexes.some(
      (_, i) => this.everyday.filter((stem) => this.holds(i, stem)).length >= needed,
    );
  }

  private anywhere(stem: string): boolean {
    return this.indexes.some((_, i) => this.holds(i, stem));
  }

  private holds(source: number, stem: string): boolean {
    const compounds = (this.weights.get(stem) ?? 0) > EVERYDAY_WEIGHT;
    return this.indexes[source].hasVariant(stem, { compounds });
  }
}

function sourceTerms(source: CoveredSource, language: string): string[] {
  return lexicalTerms(`${source.title}\n${source.content}\n${addressWords(source.url)}`, language);
}

/**
 * The words of a page's address: a page under /mod/mod_proxy_wstunnel or on undici.nodejs.org is
 * about what its address names whether or not its excerpt repeats the name.
 */
function addressWords(url: string | undefined): string {
  if (!url) return '';
  try {
    const { hostname, pathname } = new URL(url);
    return `${hostname} ${decodeURIComponent(pathname)}`.replace(ADDRESS_SEPARATORS, ' ');
  } catch {
    return '';
  }
}
