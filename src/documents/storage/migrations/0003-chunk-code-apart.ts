import type { SchemaMigration } from './schema-migration';

/** The text-search configurations of 0002, whose indexes go with the column they index. */
const CONFIGS = ['english', 'french', 'german', 'spanish', 'russian', 'simple'];

/**
 * A chunk's code blocks in a column of their own: found by full-text search (weighted lowest, as
 * the in-memory index boosts code 0.3) but never given as the chunk's text, so an answer built
 * from a Markdown file quotes its prose, as from LOCAL_DOCS_DIR in memory. PostgreSQL 15 cannot
 * change a generated column's expression: tsv and its indexes are made again.
 */
export const chunkCodeApart: SchemaMigration = {
  name: '0003-chunk-code-apart',
  statements: [
    `ALTER TABLE chunks ADD COLUMN code text NOT NULL DEFAULT ''`,
    'ALTER TABLE chunks DROP COLUMN tsv',
    `ALTER TABLE chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS (
       setweight(to_tsvector(language, title), 'A') || setweight(to_tsvector(language, text), 'B')
         || setweight(to_tsvector(language, code), 'D')
     ) STORED`,
    ...CONFIGS.map(
      (config) =>
        `CREATE INDEX chunks_tsv_${config} ON chunks USING gin (tsv) WHERE language = '${config}'::regconfig`,
    ),
  ],
};
