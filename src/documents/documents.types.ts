/** The caller a file or store belongs to: the auth service's user id, or one shared owner. */
export type OwnerId = string;

/** Owner of the deployment-wide store of LOCAL_DOCS_DIR: readable by every caller. */
export const DEPLOYMENT_OWNER = '*deployment*';
/** Owner of everything when authentication is off. */
export const SHARED_OWNER = '*shared*';

export type AttributeValue = string | number | boolean;
export type Attributes = Readonly<Record<string, AttributeValue>>;

export interface ChunkingSettings {
  readonly maxChunkSizeTokens: number;
  readonly chunkOverlapTokens: number;
}

export type StoreFileStatus = 'in_progress' | 'completed' | 'failed' | 'cancelled';

export interface StoredFile {
  readonly id: string;
  readonly ownerId: OwnerId;
  readonly filename: string;
  readonly purpose: string;
  readonly bytes: number;
  readonly contentHash: string;
  readonly createdAt: number;
}

export interface FileCounts {
  readonly in_progress: number;
  readonly completed: number;
  readonly failed: number;
  readonly cancelled: number;
  readonly total: number;
}

export interface StoredVectorStore {
  readonly id: string;
  readonly ownerId: OwnerId;
  readonly name: string | null;
  readonly metadata: Readonly<Record<string, string>>;
  readonly embeddingModel: string;
  readonly createdAt: number;
  readonly lastActiveAt: number;
  readonly fileCounts: FileCounts;
  readonly usageBytes: number;
}

export interface LastError {
  readonly code: 'server_error' | 'unsupported_file' | 'invalid_file';
  readonly message: string;
}

export interface StoredStoreFile {
  readonly fileId: string;
  readonly vectorStoreId: string;
  readonly ownerId: OwnerId;
  readonly batchId: string | null;
  readonly status: StoreFileStatus;
  readonly lastError: LastError | null;
  readonly attributes: Attributes;
  readonly chunking: ChunkingSettings;
  readonly usageBytes: number;
  readonly createdAt: number;
}

export interface StoredBatch {
  readonly id: string;
  readonly vectorStoreId: string;
  readonly createdAt: number;
  readonly fileCounts: FileCounts;
}

export interface Page<T> {
  readonly data: T[];
  readonly hasMore: boolean;
}

export interface PageRequest {
  readonly after?: string;
  readonly before?: string;
  readonly limit: number;
  readonly order: 'asc' | 'desc';
}

/** OpenAI's attribute filters: a comparison, or an and/or of filters. */
export type AttributeFilter =
  | {
      readonly type: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'nin';
      readonly key: string;
      readonly value: AttributeValue | readonly AttributeValue[];
    }
  | { readonly type: 'and' | 'or'; readonly filters: readonly AttributeFilter[] };

export interface ChunkToStore {
  readonly title: string;
  readonly text: string;
  /** Code blocks: searched, never given as the chunk's text. */
  readonly code: string;
  readonly language: string;
  readonly embedding: ArrayLike<number>;
}

/** A chunk found by a search, scored. */
export interface ChunkHit {
  readonly vectorStoreId: string;
  readonly fileId: string;
  readonly filename: string;
  readonly title: string;
  readonly text: string;
  readonly attributes: Attributes;
  /**
   * In [0, 1]: half the full-text rank (relative to the best candidate), half the cosine
   * similarity of the chunk's embedding with the query's by the store's model (0 without one).
   */
  readonly score: number;
  /** The full-text rank alone (ts_rank_cd): the lexical order a search backend gives. */
  readonly textRank: number;
}
