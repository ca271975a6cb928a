import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  BUILTIN_PROVIDER_ID,
  ModelSelector,
  modelDefaultsConfig,
  type ModelDefaultsConfig,
} from '../providers';
import { documentsConfig, type DocumentsConfig } from './documents.config';
import {
  DocumentNotFoundError,
  FileTooLargeError,
  InvalidDocumentsRequestError,
  UnsupportedFileTypeError,
} from './documents.errors';
import type {
  Attributes,
  ChunkingSettings,
  OwnerId,
  Page,
  PageRequest,
  StoredBatch,
  StoredFile,
  StoredStoreFile,
  StoredVectorStore,
} from './documents.types';
import { DEFAULT_CHUNKING } from './ingestion/document-chunker';
import { fileKindOf } from './ingestion/file-types';
import { IngestionQueue } from './ingestion/ingestion.queue';
import { CoalescingWriter } from './storage/coalescing-writer';
import { DocumentsRepository, type FileToStore } from './storage/documents.repository';

const PURPOSES = ['assistants', 'user_data'];
/** The built-in embedding model: offline, a store made without configuration uses it. */
const BUILTIN_EMBEDDING = `${BUILTIN_PROVIDER_ID}/hashing`;

/** OpenAI-style ids: a prefix and 24 random hex characters. */
export function newId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`;
}

/** Milliseconds: lists order by it (OpenAI's objects show seconds). */
function now(): number {
  return Date.now();
}

/** Files and vector stores of one caller: every call is scoped to its owner. */
@Injectable()
export class DocumentsService {
  private readonly fileWrites = new CoalescingWriter<FileToStore>((files) =>
    this.repository.insertFiles(files),
  );

  constructor(
    private readonly repository: DocumentsRepository,
    private readonly queue: IngestionQueue,
    private readonly models: ModelSelector,
    @Inject(documentsConfig.KEY) private readonly config: DocumentsConfig,
    @Inject(modelDefaultsConfig.KEY) private readonly defaults: ModelDefaultsConfig,
  ) {}

  async createFile(
    owner: OwnerId,
    filename: string,
    purpose: string,
    content: Buffer,
  ): Promise<StoredFile> {
    if (!PURPOSES.includes(purpose)) {
      throw new InvalidDocumentsRequestError(
        `purpose must be one of ${PURPOSES.join(', ')}`,
        'purpose',
      );
    }
    if (!fileKindOf(filename)) throw new UnsupportedFileTypeError(filename);
    if (content.length > this.config.maxFileBytes)
      throw new FileTooLargeError(this.config.maxFileBytes);
    const file: StoredFile = {
      id: newId('file-'),
      ownerId: owner,
      filename,
      purpose,
      bytes: content.length,
      contentHash: createHash('sha256').update(content).digest('hex'),
      createdAt: now(),
    };
    // Durable before it is answered: uploads arriving together share one INSERT and commit.
    await this.fileWrites.add({ file, content });
    return file;
  }

  listFiles(owner: OwnerId, page: PageRequest, purpose?: string): Promise<Page<StoredFile>> {
    return this.repository.files(owner, page, purpose);
  }

  async file(owner: OwnerId, id: string): Promise<StoredFile> {
    return (await this.repository.file(owner, id)) ?? notFound('file', id);
  }

  async fileContent(owner: OwnerId, id: string): Promise<{ file: StoredFile; content: Buffer }> {
    const file = await this.file(owner, id);
    const content = (await this.repository.fileContent(owner, id)) ?? notFound('file', id);
    return { file, content };
  }

  async deleteFile(owner: OwnerId, id: string): Promise<void> {
    if (!(await this.repository.deleteFile(owner, id))) notFound('file', id);
  }

  async createStore(
    owner: OwnerId,
    request: {
      name?: string;
      metadata?: Record<string, string>;
      embeddingModel?: string;
      fileIds?: readonly string[];
      chunking: ChunkingSettings;
    },
    id = newId('vs_'),
  ): Promise<StoredVectorStore> {
    const embeddingModel = this.embeddingModelOf(request.embeddingModel);
    const created = now();
    await this.repository.insertStore({
      id,
      ownerId: owner,
      name: request.name ?? null,
      metadata: request.metadata ?? {},
      embeddingModel,
      createdAt: created,
      lastActiveAt: created,
    });
    for (const fileId of request.fileIds ?? []) {
      await this.addFile(
        owner,
        id,
        fileId,
        { attributes: {}, chunking: request.chunking },
        'file_ids',
      );
    }
    return this.store(owner, id);
  }

  /** The store with this id, created with these settings when the caller has none by it yet. */
  async ensureStore(
    owner: OwnerId,
    id: string,
    request: { name: string; embeddingModel?: string },
  ): Promise<StoredVectorStore> {
    const existing = await this.repository.store(owner, id);
    if (existing) return existing;
    return this.createStore(owner, { ...request, chunking: DEFAULT_CHUNKING }, id);
  }

  listStores(owner: OwnerId, page: PageRequest): Promise<Page<StoredVectorStore>> {
    return this.repository.stores(owner, page);
  }

  async store(owner: OwnerId, id: string): Promise<StoredVectorStore> {
    return (await this.repository.store(owner, id)) ?? notFound('vector store', id);
  }

  async updateStore(
    owner: OwnerId,
    id: string,
    changes: { name?: string | null; metadata?: Record<string, string> },
  ): Promise<StoredVectorStore> {
    if (!(await this.repository.updateStore(owner, id, changes))) notFound('vector store', id);
    return this.store(owner, id);
  }

  async deleteStore(owner: OwnerId, id: string): Promise<void> {
    if (!(await this.repository.deleteStore(owner, id))) notFound('vector store', id);
  }

  async addFile(
    owner: OwnerId,
    storeId: string,
    fileId: string,
    settings: { attributes: Attributes; chunking: ChunkingSettings; batchId?: string },
    param = 'file_id',
  ): Promise<StoredStoreFile> {
    const store = await this.repository.store(owner, storeId);
    if (!store || store.ownerId !== owner) notFound('vector store', storeId);
    const file = await this.repository.file(owner, fileId);
    if (!file || file.ownerId !== owner) notFound('file', fileId, param);
    await this.repository.addStoreFiles(owner, storeId, [fileId], settings);
    this.queue.wake();
    return this.storeFile(owner, storeId, fileId);
  }

  listStoreFiles(
    owner: OwnerId,
    storeId: string,
    page: PageRequest,
    only: { status?: string; batchId?: string } = {},
  ): Promise<Page<StoredStoreFile>> {
    return this.store(owner, storeId).then(() =>
      this.repository.storeFiles(owner, storeId, page, only),
    );
  }

  async storeFile(owner: OwnerId, storeId: string, fileId: string): Promise<StoredStoreFile> {
    return (await this.repository.storeFile(owner, storeId, fileId)) ?? notFound('file', fileId);
  }

  async removeFile(owner: OwnerId, storeId: string, fileId: string): Promise<void> {
    if (!(await this.repository.deleteStoreFile(owner, storeId, fileId))) notFound('file', fileId);
  }

  async createBatch(
    owner: OwnerId,
    storeId: string,
    fileIds: readonly string[],
    settings: { attributes: Attributes; chunking: ChunkingSettings },
  ): Promise<StoredBatch> {
    const store = await this.repository.store(owner, storeId);
    if (!store || store.ownerId !== owner) notFound('vector store', storeId);
    const owned = await this.repository.ownedFileIds(owner, fileIds);
    const missing = fileIds.find((fileId) => !owned.has(fileId));
    if (missing !== undefined) notFound('file', missing, 'file_ids');
    const batch = { id: newId('vsfb_'), vectorStoreId: storeId, createdAt: now() };
    await this.repository.insertBatch(owner, batch);
    await this.repository.addStoreFiles(owner, storeId, fileIds, {
      ...settings,
      batchId: batch.id,
    });
    this.queue.wake();
    return this.batch(owner, storeId, batch.id);
  }

  async batch(owner: OwnerId, storeId: string, id: string): Promise<StoredBatch> {
    return (await this.repository.batch(owner, storeId, id)) ?? notFound('file batch', id);
  }

  async cancelBatch(owner: OwnerId, storeId: string, id: string): Promise<StoredBatch> {
    await this.batch(owner, storeId, id);
    await this.repository.cancelBatch(owner, storeId, id);
    return this.batch(owner, storeId, id);
  }

  /** The model a new store embeds with: asked for, else QUARRY_DEFAULT_EMBEDDING_MODEL, else built-in. */
  private embeddingModelOf(requested: string | undefined): string {
    const id =
      requested ??
      (this.defaults.embedding
        ? `${this.defaults.embedding.providerId}/${this.defaults.embedding.key}`
        : BUILTIN_EMBEDDING);
    const [providerId, ...key] = id.split('/');
    // Resolved now so that a store never names a model that cannot embed its files.
    const model = this.models.embeddingModel({ providerId, key: key.join('/') }, 'embedding_model');
    return `${model.providerId}/${model.key}`;
  }
}

function notFound(what: string, id: string, param: string | null = null): never {
  throw new DocumentNotFoundError(what, id, param);
}
