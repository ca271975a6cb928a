import { filesAndVectorStores } from './0001-files-and-vector-stores';
import { fullTextIndexPerLanguage } from './0002-full-text-index-per-language';
import { chunkCodeApart } from './0003-chunk-code-apart';
import { claimIndexes } from './0004-claim-indexes';
import type { SchemaMigration } from './schema-migration';

/** Every migration, oldest first; a new one is appended, an applied one never changes. */
export const SCHEMA_MIGRATIONS: readonly SchemaMigration[] = [
  filesAndVectorStores,
  fullTextIndexPerLanguage,
  chunkCodeApart,
  claimIndexes,
];
