import type { SchemaMigration } from './schema-migration';

/**
 * Files, vector stores, the files of a store (each also an ingestion job) and their chunks. Chunk
 * text is searched by PostgreSQL's full-text search: a tsvector generated with the document's own
 * text-search configuration, under a GIN index. Embeddings are real[], compared over the
 * full-text candidates.
 */
export const filesAndVectorStores: SchemaMigration = {
  name: '0001-files-and-vector-stores',
  statements: [
    `CREATE TABLE files (
       id text PRIMARY KEY,
       owner_id text NOT NULL,
       filename text NOT NULL,
       purpose text NOT NULL,
       bytes integer NOT NULL,
       content bytea NOT NULL,
       content_hash text NOT NULL,
       created_at bigint NOT NULL
     )`,
    `CREATE INDEX files_owner ON files (owner_id, created_at, id)`,
    `CREATE TABLE vector_stores (
       id text PRIMARY KEY,
       owner_id text NOT NULL,
       name text,
       metadata jsonb NOT NULL DEFAULT '{}',
       embedding_model text NOT NULL,
       created_at bigint NOT NULL,
       last_active_at bigint NOT NULL
     )`,
    `CREATE INDEX vector_stores_owner ON vector_stores (owner_id, created_at, id)`,
    `CREATE TABLE vector_store_files (
       vector_store_id text NOT NULL REFERENCES vector_stores (id) ON DELETE CASCADE,
       file_id text NOT NULL,
       owner_id text NOT NULL,
       batch_id text,
       status text NOT NULL,
       last_error jsonb,
       attributes jsonb NOT NULL DEFAULT '{}',
       chunking jsonb NOT NULL,
       usage_bytes integer NOT NULL DEFAULT 0,
       created_at bigint NOT NULL,
       attempts integer NOT NULL DEFAULT 0,
       claimed_by text,
       claimed_until timestamptz,
       PRIMARY KEY (vector_store_id, file_id)
     )`,
    `CREATE INDEX vector_store_files_pending ON vector_store_files (created_at)
       WHERE status = 'in_progress'`,
    `CREATE INDEX vector_store_files_file ON vector_store_files (file_id)`,
    `CREATE TABLE file_batches (
       id text PRIMARY KEY,
       vector_store_id text NOT NULL REFERENCES vector_stores (id) ON DELETE CASCADE,
       owner_id text NOT NULL,
       created_at bigint NOT NULL
     )`,
    `CREATE TABLE chunks (
       id bigserial PRIMARY KEY,
       vector_store_id text NOT NULL,
       file_id text NOT NULL,
       position integer NOT NULL,
       title text NOT NULL,
       text text NOT NULL,
       language regconfig NOT NULL,
       embedding real[] NOT NULL,
       tsv tsvector GENERATED ALWAYS AS (
         setweight(to_tsvector(language, title), 'A') || setweight(to_tsvector(language, text), 'B')
       ) STORED,
       FOREIGN KEY (vector_store_id, file_id)
         REFERENCES vector_store_files (vector_store_id, file_id) ON DELETE CASCADE
     )`,
    `CREATE INDEX chunks_tsv ON chunks USING gin (tsv)`,
    `CREATE INDEX chunks_file ON chunks (vector_store_id, file_id)`,
  ],
};
