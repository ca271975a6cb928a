import type { ChatChunk } from '../model.ports';

/**
 * The chunks a model wrote together, as one: their text in order, and the last usage and finish
 * reason reported (providers report them once, on the final chunks).
 */
export function joinChatChunks(chunks: readonly ChatChunk[]): ChatChunk {
  let text = '';
  let usage: ChatChunk['usage'];
  let finishReason: ChatChunk['finishReason'];
  for (const chunk of chunks) {
    text += chunk.text;
    if (chunk.usage) usage = chunk.usage;
    if (chunk.finishReason) finishReason = chunk.finishReason;
  }
  return { text, ...(usage ? { usage } : {}), ...(finishReason ? { finishReason } : {}) };
}
