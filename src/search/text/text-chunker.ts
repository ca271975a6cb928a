import type { TextSection } from './html-sections';

export interface TextChunk {
  readonly heading: string;
  readonly text: string;
}

/**
 * Cuts sections into chunks of at most maxChars, at paragraph boundaries where possible, so that
 * one chunk is about one topic and many fit in a model's context.
 */
export function chunkSections(sections: readonly TextSection[], maxChars = 1200): TextChunk[] {
  const chunks: TextChunk[] = [];
  for (const section of sections) {
    let current = '';
    const push = () => {
      if (current.trim()) chunks.push({ heading: section.heading, text: current.trim() });
      current = '';
    };
    for (const paragraph of section.text.split(/\n\s*\n/)) {
      for (const piece of splitLong(paragraph.trim(), maxChars)) {
        if (current && current.length + piece.length + 2 > maxChars) push();
        current = current ? `${current}\n\n${piece}` : piece;
      }
    }
    push();
  }
  return chunks;
}

/** Splits an over-long paragraph at sentence ends, or hard at maxChars when it has none. */
function splitLong(paragraph: string, maxChars: number): string[] {
  if (paragraph.length <= maxChars) return paragraph ? [paragraph] : [];
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('\n'));
    const at = cut > maxChars / 3 ? cut + 1 : maxChars;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
