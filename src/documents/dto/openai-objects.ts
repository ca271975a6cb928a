import type {
  StoredBatch,
  StoredFile,
  StoredStoreFile,
  StoredVectorStore,
} from '../documents.types';
import { chunkingStrategyOf } from './chunking-strategy';

/** The objects of OpenAI's Files and Vector Stores API, as its SDK reads them. */
export function fileObject(file: StoredFile) {
  return {
    id: file.id,
    object: 'file' as const,
    bytes: file.bytes,
    created_at: seconds(file.createdAt),
    filename: file.filename,
    purpose: file.purpose,
    status: 'processed' as const,
    expires_at: null,
    status_details: null,
  };
}

export function vectorStoreObject(store: StoredVectorStore) {
  return {
    id: store.id,
    object: 'vector_store' as const,
    created_at: seconds(store.createdAt),
    name: store.name ?? '',
    usage_bytes: store.usageBytes,
    file_counts: store.fileCounts,
    status: store.fileCounts.in_progress > 0 ? ('in_progress' as const) : ('completed' as const),
    expires_after: null,
    expires_at: null,
    last_active_at: seconds(store.lastActiveAt),
    metadata: store.metadata,
    embedding_model: store.embeddingModel,
  };
}

export function storeFileObject(file: StoredStoreFile) {
  return {
    id: file.fileId,
    object: 'vector_store.file' as const,
    usage_bytes: file.usageBytes,
    created_at: seconds(file.createdAt),
    vector_store_id: file.vectorStoreId,
    status: file.status,
    last_error: file.lastError,
    chunking_strategy: chunkingStrategyOf(file.chunking),
    attributes: file.attributes,
  };
}

export function batchObject(batch: StoredBatch) {
  const counts = batch.fileCounts;
  const status =
    counts.in_progress > 0
      ? 'in_progress'
      : counts.cancelled > 0
        ? 'cancelled'
        : counts.failed > 0 && counts.completed === 0
          ? 'failed'
          : 'completed';
  return {
    id: batch.id,
    object: 'vector_store.files_batch' as const,
    created_at: seconds(batch.createdAt),
    vector_store_id: batch.vectorStoreId,
    status,
    file_counts: counts,
  };
}

export function listObject<T extends { id: string }>(page: { data: T[]; hasMore: boolean }) {
  return {
    object: 'list' as const,
    data: page.data,
    first_id: page.data[0]?.id ?? null,
    last_id: page.data.at(-1)?.id ?? null,
    has_more: page.hasMore,
  };
}

export function deletedObject(id: string, object: string) {
  return { id, object, deleted: true as const };
}

/** Stored times are milliseconds; OpenAI's objects carry Unix seconds. */
function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}
