import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { ProvidersModule } from '../providers/providers.module';
import { SearchModule } from '../search/search.module';
import { DatabaseLifecycle } from './database.lifecycle';
import { DatabaseReadiness } from './database.readiness';
import { documentsConfig } from './documents.config';
import { DocumentsService } from './documents.service';
import { FilesController } from './files.controller';
import { LocalDocsDirectorySync } from './local-docs-directory.sync';
import { LocalDocumentsCorpus } from './local-documents.corpus';
import { IngestionQueue } from './ingestion/ingestion.queue';
import { databaseProvider } from './storage/database.provider';
import { DocumentsRepository } from './storage/documents.repository';
import { UploadsController } from './uploads.controller';
import { VectorStoreSearch } from './vector-store-search.service';
import { VectorStoresController } from './vector-stores.controller';

const settings = ConfigModule.forFeature(documentsConfig);

/**
 * The caller's own documents: OpenAI's Files and Vector Stores API (and Perplexica's uploads),
 * stored in PostgreSQL or the embedded engine, ingested in the background, searched by local.
 */
@Module({
  imports: [settings, ProvidersModule, SearchModule],
  controllers: [FilesController, VectorStoresController, UploadsController],
  providers: [
    databaseProvider,
    DatabaseReadiness,
    DatabaseLifecycle,
    DocumentsRepository,
    IngestionQueue,
    DocumentsService,
    VectorStoreSearch,
    LocalDocumentsCorpus,
    LocalDocsDirectorySync,
  ],
  exports: [VectorStoreSearch, settings],
})
export class DocumentsModule {}
