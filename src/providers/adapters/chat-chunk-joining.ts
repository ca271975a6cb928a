import type { ChatChunk } from '../model.ports';

/**
 * The chunks a model wrote together, as one: their text in order, and the last usage reported
 * (providers report usage once, on the final chunk).
 */
export function joinChatChunks(chunks: readonly ChatChunk[]): ChatChunk {
  let text = '';
  let usage: ChatChunk['usage'];
  for (const chunk of chunks) {
    text += chunk.text;
    if (chunk.usage) usage = chunk.usage;
  }
  return usage ? { text, usage } : { text };
}
