import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { listLocalDocFiles, localDocUrl, searchConfig } from '../search';
import { documentsConfig, type DocumentsConfig } from './documents.config';
import { DocumentsService } from './documents.service';
import { DEPLOYMENT_OWNER } from './documents.types';
import { DEFAULT_CHUNKING } from './ingestion/document-chunker';
import { DocumentsRepository } from './storage/documents.repository';

/** The deployment-wide store of LOCAL_DOCS_DIR: one id on every replica. */
export const LOCAL_DOCS_STORE_ID = 'vs_local_docs';

/**
 * With LOCAL_DOCS_IN_DATABASE, puts LOCAL_DOCS_DIR into the deployment-wide store at start: a new
 * or changed file (by content hash) is uploaded and ingested, a removed one deleted; the citation
 * URL is the one the in-memory index gave (LOCAL_DOCS_BASE_URL, else file://).
 */
@Injectable()
export class LocalDocsDirectorySync implements OnApplicationBootstrap {
  private readonly logger = new Logger('LocalDocs');

  constructor(
    private readonly documents: DocumentsService,
    private readonly repository: DocumentsRepository,
    @Inject(documentsConfig.KEY) private readonly config: DocumentsConfig,
    @Inject(searchConfig.KEY) private readonly search: ConfigType<typeof searchConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.localDocsInDatabase) return;
    void this.sync().catch((error: Error) =>
      this.logger.warn(`LOCAL_DOCS_DIR not synced into the documents database: ${error.message}`),
    );
  }

  async sync(): Promise<{ added: number; removed: number }> {
    const { dir, maxFiles, maxFileBytes, baseUrl } = this.search.localDocs;
    await this.documents.ensureStore(DEPLOYMENT_OWNER, LOCAL_DOCS_STORE_ID, {
      name: 'LOCAL_DOCS_DIR',
    });
    const stored = new Map(
      (await this.repository.allFiles(DEPLOYMENT_OWNER)).map((file) => [file.filename, file]),
    );
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
        chunking: DEFAULT_CHUNKING,
      });
      if (previous) await this.documents.deleteFile(DEPLOYMENT_OWNER, previous.id);
      added++;
    }
    for (const gone of stored.values()) await this.documents.deleteFile(DEPLOYMENT_OWNER, gone.id);
    this.logger.log(
      `LOCAL_DOCS_DIR synced into the documents database: ${added} new or changed, ${stored.size} removed`,
    );
    return { added, removed: stored.size };
  }
}
