import { DEFAULT_CHUNKING } from '../ingestion/document-chunker';
import { InvalidDocumentsRequestError } from '../documents.errors';
import type { ChunkingSettings } from '../documents.types';

/** OpenAI's chunking_strategy: absent or {type: "auto"}, or static sizes within OpenAI's bounds. */
export function chunkingOf(strategy: unknown, param = 'chunking_strategy'): ChunkingSettings {
  if (strategy === undefined || strategy === null) return DEFAULT_CHUNKING;
  const value = strategy as { type?: unknown; static?: Record<string, unknown> };
  if (typeof strategy !== 'object' || (value.type !== 'auto' && value.type !== 'static')) {
    throw new InvalidDocumentsRequestError(`${param}.type must be 'auto' or 'static'`, param);
  }
  if (value.type === 'auto') return DEFAULT_CHUNKING;
  const size = value.static?.max_chunk_size_tokens;
  const overlap = value.static?.chunk_overlap_tokens;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 100 || size > 4096) {
    throw new InvalidDocumentsRequestError(
      `${param}.static.max_chunk_size_tokens must be an integer from 100 to 4096`,
      param,
    );
  }
  if (
    typeof overlap !== 'number' ||
    !Number.isInteger(overlap) ||
    overlap < 0 ||
    overlap > size / 2
  ) {
    throw new InvalidDocumentsRequestError(
      `${param}.static.chunk_overlap_tokens must be an integer from 0 to half of max_chunk_size_tokens`,
      param,
    );
  }
  return { maxChunkSizeTokens: size, chunkOverlapTokens: overlap };
}

export function chunkingStrategyOf(settings: ChunkingSettings) {
  return {
    type: 'static' as const,
    static: {
      max_chunk_size_tokens: settings.maxChunkSizeTokens,
      chunk_overlap_tokens: settings.chunkOverlapTokens,
    },
  };
}
