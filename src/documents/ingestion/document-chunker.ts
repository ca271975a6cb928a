import { paragraphPieces } from '../../search';
import type { ChunkingSettings } from '../documents.types';
import type { DocumentText } from './document-text';

export interface TextChunk {
  /** "Title > Heading > Subheading". */
  readonly title: string;
  readonly text: string;
  /** The section's code blocks, with its first chunk (as the in-memory index keeps them). */
  readonly code: string;
}

/** OpenAI's "auto" chunking strategy. */
export const DEFAULT_CHUNKING: ChunkingSettings = {
  maxChunkSizeTokens: 800,
  chunkOverlapTokens: 400,
};

/**
 * Tokens estimated as four characters each (OpenAI's own rule of thumb for English): exact
 * counting with a BPE tokenizer cost more than the rest of ingestion together, and a chunk a few
 * percent off its size is still one chunk.
 */
const CHARS_PER_TOKEN = 4;

/**
 * Cuts a document into chunks that stay inside one section (heading path), packing paragraphs
 * up to maxChunkSizeTokens; the next chunk of a section starts with the last chunkOverlapTokens
 * of the previous one (at most half of it), so a passage cut in two is found whole in one.
 */
export function chunkDocument(document: DocumentText, settings: ChunkingSettings): TextChunk[] {
  const maxChars = settings.maxChunkSizeTokens * CHARS_PER_TOKEN;
  const overlapChars = settings.chunkOverlapTokens * CHARS_PER_TOKEN;
  const chunks: TextChunk[] = [];
  for (const section of document.sections) {
    const path = section.path[0] === document.title ? section.path.slice(1) : section.path;
    const title = [document.title, ...path].filter(Boolean).join(' > ');
    let current = '';
    let code = section.code ?? '';
    const push = () => {
      if (current.trim()) chunks.push({ title, text: current.trim(), code });
      code = '';
      // At most half of a chunk is carried over: a short chunk carried whole would be a copy of
      // the start of the next one, and searches would find the same text twice.
      current = overlapChars > 0 ? tail(current, Math.min(overlapChars, current.length / 2)) : '';
    };
    for (const piece of paragraphPieces(section.text, Math.max(200, maxChars - overlapChars))) {
      if (current.length + piece.length + 2 > maxChars && current.length > 0) push();
      current = current ? `${current}\n\n${piece}` : piece;
    }
    if (current.trim() && !chunks.at(-1)?.text.endsWith(current.trim())) push();
  }
  return chunks;
}

/** The last up to maxChars of a text, starting at a word. */
function tail(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(text.length - maxChars);
  const space = cut.indexOf(' ');
  return space === -1 ? cut : cut.slice(space + 1);
}
