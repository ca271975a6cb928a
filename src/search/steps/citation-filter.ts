const CITATION = /^\[(\d{1,4})\]/;
const PARTIAL_CITATION = /^\[\d{0,4}$/;
const WORD_BEFORE = /[\p{L}\p{N}_)]/u;

/**
 * Streaming removal of citation markers [n] that point outside 1..sourceCount, so every marker the
 * client sees refers to a returned source. Indexing like a[1] (a marker glued to a word) is left
 * alone; only a possible partial marker at the end of a chunk is held back.
 */
export class CitationFilter {
  private pending = '';
  private previous = '';
  private inCitationRun = false;

  constructor(private readonly sourceCount: number) {}

  push(chunk: string): string {
    return this.scan(this.pending + chunk, false);
  }

  end(): string {
    return this.scan(this.pending, true);
  }

  private scan(text: string, final: boolean): string {
    this.pending = '';
    let out = '';
    let i = 0;
    while (i < text.length) {
      // Text up to the next '[' passes as it is, in one piece: only a '[' needs a look around.
      const bracket = text.indexOf('[', i);
      const plainEnd = bracket === -1 ? text.length : bracket;
      if (plainEnd > i) {
        out += text.slice(i, plainEnd);
        this.previous = text[plainEnd - 1];
        this.inCitationRun = false;
        i = plainEnd;
        continue;
      }
      const citable = this.inCitationRun || !this.previous || !WORD_BEFORE.test(this.previous);
      if (citable) {
        const rest = text.slice(i, i + 7);
        const match = CITATION.exec(rest);
        if (match) {
          const n = Number(match[1]);
          if (n >= 1 && n <= this.sourceCount) out += match[0];
          this.previous = ']';
          this.inCitationRun = true;
          i += match[0].length;
          continue;
        }
        if (!final && PARTIAL_CITATION.test(text.slice(i))) {
          this.pending = text.slice(i);
          return out;
        }
      }
      out += '[';
      this.previous = '[';
      this.inCitationRun = false;
      i++;
    }
    return out;
  }
}
