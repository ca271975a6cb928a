import type { SchemaMigration } from './schema-migration';

/** The text-search configurations of 0002; a configuration added later needs its own index. */
const CONFIGS = ['english', 'french', 'german', 'spanish', 'russian', 'simple'];

/**
 * One GIN index per text-search configuration, each over the chunks of that language only: a
 * search scans the chunks of each language with that language's query, and one index over all
 * of them made every language's scan read (and discard) the others' chunks sharing a stem.
 * Each chunk is still in exactly one index, so writing a chunk costs what it did.
 */
export const fullTextIndexPerLanguage: SchemaMigration = {
  name: '0002-full-text-index-per-language',
  statements: [
    'DROP INDEX chunks_tsv',
    ...CONFIGS.map(
      (config) =>
        `CREATE INDEX chunks_tsv_${config} ON chunks USING gin (tsv) WHERE language = '${config}'::regconfig`,
    ),
  ],
};
