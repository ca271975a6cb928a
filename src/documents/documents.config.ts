import { resolve } from 'node:path';
import { registerAs, type ConfigType } from '@nestjs/config';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { BooleanFlag } from '../common/config/env-transformers';
import { validateEnv } from '../common/config/validate-env';

/** Settings of the files and vector stores: where they are stored and how much work runs at once. */
export class DocumentsEnv {
  /** PostgreSQL connection string; without it an embedded engine stores under DATA_DIR. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  readonly DATABASE_URL?: string;

  @IsString() readonly DATA_DIR: string = 'data';
  @IsInt() @Min(1024) readonly FILES_MAX_BYTES: number = 32 * 1024 * 1024;
  /**
   * Files ingested at once by one replica (each holds its text and chunks in memory); the files
   * that finish together are stored in one statement, so more at once means fewer commits.
   */
  @IsInt() @Min(1) @Max(16) readonly INGESTION_CONCURRENCY: number = 8;
  /** A claimed job not finished within this time is taken back by any replica. */
  @IsInt() @Min(1000) readonly INGESTION_LEASE_MS: number = 60_000;
  /** A job claimed this many times (its replicas died each time) is marked failed. */
  @IsInt() @Min(1) @Max(20) readonly INGESTION_MAX_ATTEMPTS: number = 3;
  /** How often an idle replica looks for work another replica queued. */
  @IsInt() @Min(50) readonly INGESTION_POLL_MS: number = 1000;
  /** Upper bound of the text taken from one file (a decompression bomb stops here). */
  @IsInt() @Min(1024) readonly INGESTION_MAX_TEXT_CHARS: number = 20 * 1024 * 1024;
  /**
   * LOCAL_DOCS_DIR ingested into a deployment-wide vector store every caller reads (changed files
   * again by content hash, removed ones deleted), so every replica answers alike; off: each
   * replica indexes the folder in its own memory. Unset: on with DATABASE_URL, off without it
   * (in the embedded engine a local search took seconds and ingesting 179 files 256 s).
   */
  @IsOptional() @BooleanFlag() @IsBoolean() readonly LOCAL_DOCS_IN_DATABASE?: boolean;
}

export const documentsConfig = registerAs('documents', () => {
  const env = validateEnv(DocumentsEnv);
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: resolve(env.DATA_DIR),
    maxFileBytes: env.FILES_MAX_BYTES,
    localDocsInDatabase: env.LOCAL_DOCS_IN_DATABASE ?? env.DATABASE_URL !== undefined,
    ingestion: {
      concurrency: env.INGESTION_CONCURRENCY,
      leaseMs: env.INGESTION_LEASE_MS,
      maxAttempts: env.INGESTION_MAX_ATTEMPTS,
      pollMs: env.INGESTION_POLL_MS,
      maxTextChars: env.INGESTION_MAX_TEXT_CHARS,
    },
  };
});

export type DocumentsConfig = ConfigType<typeof documentsConfig>;
