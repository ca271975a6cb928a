import type { SchemaMigration } from './schema-migration';

/**
 * The claim read every waiting job (a bitmap scan of all in_progress rows, then a sort) twice per
 * claim, for the next jobs and for expired leases: with 10,000 files queued, milliseconds of
 * PostgreSQL's CPU per claim. Unclaimed jobs get an index in their claim order and leased ones an
 * index of their own (a handful of rows), so a claim reads only the rows it takes, whatever the
 * planner's statistics say about a queue filled since the last ANALYZE.
 */
export const claimIndexes: SchemaMigration = {
  name: '0004-claim-indexes',
  statements: [
    'DROP INDEX vector_store_files_pending',
    `CREATE INDEX vector_store_files_unclaimed ON vector_store_files (created_at)
       WHERE status = 'in_progress' AND claimed_until IS NULL`,
    `CREATE INDEX vector_store_files_leased ON vector_store_files (claimed_until)
       WHERE status = 'in_progress' AND claimed_until IS NOT NULL`,
  ],
};
