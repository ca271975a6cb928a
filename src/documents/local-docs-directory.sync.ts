import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  LOCAL_DOCS_STORE_ID,
  listLocalDocFiles,
  localDocUrl,
  searchConfig,
  type LocalDirectoryState,
} from '../search';
import { documentsConfig, type DocumentsConfig } from './documents.config';
import { DocumentsService } from './documents.service';
import { DEPLOYMENT_OWNER, type StoredFile } from './documents.types';
import { withAdvisoryLock } from './storage/advisory-lock';
import { DocumentsRepository } from './storage/documents.repository';
import type { LazyDatabase } from './storage/lazy.database';
import { SQL_DATABASE } from './storage/sql-database';

/** Any constant (the migrations use 360_036): one replica at a time syncs LOCAL_DOCS_DIR. */
const LOCAL_DOCS_SYNC_LOCK = 360_037;

/**
 * The passages of the in-memory index (600 characters, no overlap: one or two paragraphs each), so
 * a model is given from the database what it was given from memory.
 */
const LOCAL_DOCS_CHUNKING = { maxChunkSizeTokens: 150, chunkOverlapTokens: 0 };

/** How often a replica looks whether the store's files are ingested (by any replica). */
const INGESTED_POLL_MS = 200;

/**
 * With LOCAL_DOCS_IN_DATABASE (the default with DATABASE_URL), puts LOCAL_DOCS_DIR into the
 * deployment-wide store at start: a new or changed file (by content hash) is uploaded and
 * ingested, a removed one deleted; the citation URL is the one the in-memory index gave
 * (LOCAL_DOCS_BASE_URL, else file://). Replicas take turns under an advisory lock, so the second
 * finds the first's files and has nothing to do; one whose folder differs makes the store its
 * folder (the last sync wins).
 */
@Injectable()
export class LocalDocsDirectorySync implements OnApplicationBootstrap {
  private readonly logger = new Logger('LocalDocs');
  private synced?: Promise<LocalDirectoryState>;

  constructor(
    private readonly documents: DocumentsService,
    private readonly repository: DocumentsRepository,
    @Inject(SQL_DATABASE) private readonly db: LazyDatabase,
    @Inject(documentsConfig.KEY) private readonly config: DocumentsConfig,
    @Inject(searchConfig.KEY) private readonly search: ConfigType<typeof searchConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.localDocsInDatabase) void this.whenSynced();
  }

  /**
   * Resolves once the start-up sync is done and the store's files are ingested, as the in-memory
   * index resolves once built: local searches and readiness wait for it. A failure is logged and
   * said in the result (the store keeps what an earlier sync put there).
   */
  whenSynced(): Promise<LocalDirectoryState> {
    this.synced ??= this.syncAndIngest().catch((error: Error) => {
      this.logger.warn(`LOCAL_DOCS_DIR not synced into the documents database: ${error.message}`);
      return { store: 'database', files: 0, error: error.message };
    });
    return this.synced;
  }

  /** Makes the store hold the folder's files, under the lock replicas share. */
  sync(): Promise<{ added: number; removed: number }> {
    return withAdvisoryLock(this.db, LOCAL_DOCS_SYNC_LOCK, () => this.syncLocked());
  }

  private async syncAndIngest(): Promise<LocalDirectoryState> {
    const started = performance.now();
    const { added, removed } = await this.sync();
    const files = await this.ingested();
    const ms = Math.round(performance.now() - started);
    this.logger.log(
      `LOCAL_DOCS_DIR is in the documents database (store ${LOCAL_DOCS_STORE_ID}): ${files} files ingested, ` +
        `${added} new or changed, ${removed} removed now, in ${ms} ms`,
    );
    return { store: 'database', files, added, removed, ms };
  }

  private async syncLocked(): Promise<{ added: number; removed: number }> {
    const { dir, maxFiles, maxFileBytes, baseUrl } = this.search.localDocs;
    await this.documents.ensureStore(DEPLOYMENT_OWNER, LOCAL_DOCS_STORE_ID, {
      name: 'LOCAL_DOCS_DIR',
    });
    const { stored, extra } = byFilename(await this.repository.allFiles(DEPLOYMENT_OWNER));
    const files = await listLocalDocFiles(dir, maxFiles);
    let added = 0;
    for (const file of files) {
      if (file.size > maxFileBytes) continue;
      const content = await readFile(file.absolutePath);
      const hash = createHash('sha256').update(content).digest('hex');
      const previous = stored.get(file.relativePath);
      stored.delete(file.relativePath);
      if (previous?.contentHash === hash) continue;
      const created = await this.documents.createFile(
        DEPLOYMENT_OWNER,
        file.relativePath,
        'assistants',
        content,
      );
      await this.documents.addFile(DEPLOYMENT_OWNER, LOCAL_DOCS_STORE_ID, created.id, {
        attributes: { source_url: localDocUrl(file, baseUrl) },
        chunking: LOCAL_DOCS_CHUNKING,
      });
      if (previous) await this.documents.deleteFile(DEPLOYMENT_OWNER, previous.id);
      added++;
    }
    const gone = [...stored.values(), ...extra];
    for (const file of gone) await this.documents.deleteFile(DEPLOYMENT_OWNER, file.id);
    this.logger.log(
      `LOCAL_DOCS_DIR synced into the documents database: ${added} new or changed, ${gone.length} removed`,
    );
    return { added, removed: gone.length };
  }

  /** Waits until no file of the store is in progress (any replica may be ingesting them). */
  private async ingested(): Promise<number> {
    for (;;) {
      const store = await this.repository.store(DEPLOYMENT_OWNER, LOCAL_DOCS_STORE_ID);
      if (!store || store.fileCounts.in_progress === 0) return store?.fileCounts.completed ?? 0;
      await sleep(INGESTED_POLL_MS);
    }
  }
}

/** The stored files by name; a name stored twice (a sync cut short) keeps its newest, the rest go. */
function byFilename(files: readonly StoredFile[]): {
  stored: Map<string, StoredFile>;
  extra: StoredFile[];
} {
  const stored = new Map<string, StoredFile>();
  const extra: StoredFile[] = [];
  for (const file of [...files].sort((a, b) => a.createdAt - b.createdAt)) {
    const older = stored.get(file.filename);
    if (older) extra.push(older);
    stored.set(file.filename, file);
  }
  return { stored, extra };
}
