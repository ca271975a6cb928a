const OPEN_TAGS = ['<think>', '<thinking>', '<reasoning>'];
const LONGEST_TAG = Math.max(...OPEN_TAGS.map((tag) => tag.length)) + 1;

/** Removes reasoning blocks (<think>...</think> and the like) from a complete text. */
export function stripThinking(text: string): string {
  const filter = new ThinkingFilter();
  return filter.push(text) + filter.end();
}

/**
 * Streaming removal of reasoning blocks: text inside <think>, <thinking> or <reasoning> never
 * comes out, even when a tag is split across chunks. Only a possible partial tag is held back.
 */
export class ThinkingFilter {
  private pending = '';
  private closeTag: string | undefined;
  private started = false;

  push(chunk: string): string {
    this.pending += chunk;
    let out = '';
    for (;;) {
      if (this.closeTag) {
        const at = this.pending.toLowerCase().indexOf(this.closeTag);
        if (at === -1) {
          // Keep only what could be the start of the closing tag.
          this.pending = this.pending.slice(-(this.closeTag.length - 1));
          return this.emit(out);
        }
        this.pending = this.pending.slice(at + this.closeTag.length);
        this.closeTag = undefined;
        continue;
      }
      const lower = this.pending.toLowerCase();
      let openAt = -1;
      let openTag = '';
      for (const tag of OPEN_TAGS) {
        const at = lower.indexOf(tag);
        if (at !== -1 && (openAt === -1 || at < openAt)) {
          openAt = at;
          openTag = tag;
        }
      }
      if (openAt !== -1) {
        out += this.pending.slice(0, openAt);
        this.pending = this.pending.slice(openAt + openTag.length);
        this.closeTag = `</${openTag.slice(1)}`;
        continue;
      }
      const hold = partialTagStart(lower);
      out += this.pending.slice(0, hold);
      this.pending = this.pending.slice(hold);
      return this.emit(out);
    }
  }

  /** What is left at the end; an unterminated reasoning block is dropped. */
  end(): string {
    const rest = this.closeTag ? '' : this.pending;
    this.pending = '';
    return this.emit(rest);
  }

  private emit(text: string): string {
    if (this.started) return text;
    // Answers of reasoning models start with blank lines after the block; drop them.
    const trimmed = text.replace(/^\s+/, '');
    if (trimmed) this.started = true;
    return trimmed;
  }
}

/** Index from which the tail of text could still become an opening tag; text.length if none. */
function partialTagStart(lower: string): number {
  const from = Math.max(0, lower.length - LONGEST_TAG);
  for (let i = lower.lastIndexOf('<'); i >= from; i = lower.lastIndexOf('<', i - 1)) {
    const tail = lower.slice(i);
    if (OPEN_TAGS.some((tag) => tag.startsWith(tail))) return i;
    if (i === 0) break;
  }
  return lower.length;
}
