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
    for (const piece of paragraphPieces(section.text, maxChars)) {
      if (current && current.length + piece.length + 2 > maxChars) push();
      current = current ? `${current}\n\n${piece}` : piece;
    }
    push();
  }
  return chunks;
}

/**
 * The paragraphs of a text (split at blank lines), each one longer than maxChars cut at sentence
 * or line ends, else at a space, hard only where it has neither: the pieces every chunker packs
 * into chunks.
 */
export function paragraphPieces(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    let rest = paragraph.trim();
    while (rest.length > maxChars) {
      const window = rest.slice(0, maxChars);
      const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('\n'));
      const space = window.lastIndexOf(' ');
      const at = sentence > maxChars / 3 ? sentence + 1 : space > maxChars / 3 ? space : maxChars;
      pieces.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) pieces.push(rest);
  }
  return pieces;
}
