import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger, type FactoryProvider } from '@nestjs/common';
import { documentsConfig, type DocumentsConfig } from '../documents.config';
import { EmbeddedDatabase } from './embedded.database';
import { LazyDatabase } from './lazy.database';
import { SCHEMA_MIGRATIONS } from './migrations/schema-migrations';
import { PostgresDatabase } from './postgres.database';
import { migrateSchema } from './schema-migrator';
import { SQL_DATABASE, type SqlDatabase } from './sql-database';

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded engine under DATA_DIR; opened and
 * migrated on first use, when it says which engine and how vectors are compared.
 */
export const databaseProvider: FactoryProvider<LazyDatabase> = {
  provide: SQL_DATABASE,
  inject: [documentsConfig.KEY],
  useFactory: (config: DocumentsConfig) =>
    new LazyDatabase(
      config.databaseUrl ? 'postgresql' : 'embedded',
      () => openDatabase(config),
      () => hasStoredDocuments(config),
    ),
};

/** Where the embedded engine keeps its files. */
export function embeddedDir(config: DocumentsConfig): string {
  return join(config.dataDir, 'documents');
}

/** True when there may be work waiting: a server, or an embedded database written before. */
export function hasStoredDocuments(config: DocumentsConfig): boolean {
  return Boolean(config.databaseUrl) || existsSync(join(embeddedDir(config), 'PG_VERSION'));
}

async function openDatabase(config: DocumentsConfig): Promise<SqlDatabase> {
  const logger = new Logger('Documents');
  const db = config.databaseUrl
    ? new PostgresDatabase(config.databaseUrl)
    : await EmbeddedDatabase.open(embeddedDir(config));
  try {
    const applied = await migrateSchema(db, SCHEMA_MIGRATIONS);
    const vectors = await pgvectorAvailable(db);
    logger.log(
      `documents stored in ${db.engine === 'postgresql' ? 'PostgreSQL (DATABASE_URL)' : `the embedded engine under ${embeddedDir(config)}`}; ` +
        `migrations applied now: ${applied.length ? applied.join(', ') : 'none'}; ` +
        `vectors: real[] compared exactly over the full-text candidates (pgvector ${vectors ? 'is installed but not used yet' : 'is not available here'})`,
    );
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

async function pgvectorAvailable(db: SqlDatabase): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
  return rows.length > 0;
}
