import type { AttributeFilter, OwnerId } from '../documents.types';
import { attributeFilterSql } from './attribute-filter.sql';
import { realArrayLiteral } from './real-array-literal';

export interface ChunkSearchRequest {
  /** The stores to search; those the readers may not read are left out (and not returned). */
  readonly storeIds: readonly string[];
  /** Owners whose stores may be read: the caller and the deployment. */
  readonly readers: readonly OwnerId[];
  readonly query: string;
  /** Every text-search configuration a chunk may use (each has its own index, see 0002). */
  readonly configs: readonly string[];
  /** Full-text matches taken per configuration, once for all the words and once for any. */
  readonly candidateCap: number;
  /** Best text-ranked candidates whose embeddings are compared with the query's. */
  readonly reranked: number;
  readonly maxResults: number;
  readonly scoreThreshold: number;
  /** The query embedded by each searched store's model, by store id. */
  readonly queryVectors: ReadonlyMap<string, ArrayLike<number>>;
  readonly filter?: AttributeFilter;
}

/** A statement and its values; a name makes PostgreSQL parse and plan it once per connection. */
export interface SqlStatement {
  readonly text: string;
  readonly values: unknown[];
  readonly name?: string;
}

const CONFIG_NAME = /^[a-z_]+$/;

/**
 * A whole search in one statement, so one round trip: which of the stores the readers may read,
 * and the best chunks of those, scored. Each language's chunks are found through its own GIN
 * index, at most candidateCap of them holding all the query's words (websearch syntax) and as
 * many holding any of them (so a missing word does not empty the result), taken in the table's
 * storage order: the cap bounds a query whose words are in nearly every chunk, at the price of
 * ranking only the first matches found there. Those are ranked by ts_rank_cd; the best
 * `reranked` are compared with the query's embedding (cosine over real[], exact), and the score
 * is half the text rank (relative to the best) and half that cosine, as search ranks web results.
 *
 * Without a filter the text never changes, so it is prepared once per connection.
 */
export function chunkSearchStatement(request: ChunkSearchRequest): SqlStatement {
  const vectorStores = [...request.queryVectors.keys()];
  const values: unknown[] = [
    request.storeIds,
    request.readers,
    // PostgreSQL text cannot hold U+0000; in a query it separates words like any control character.
    request.query.replaceAll('\u0000', ' '),
    request.candidateCap,
    request.reranked,
    request.maxResults,
    request.scoreThreshold,
    vectorStores,
    vectorStores.map((id) => realArrayLiteral(request.queryVectors.get(id)!)),
  ];
  const filter = request.filter
    ? `AND vsf.status = 'completed' AND (${attributeFilterSql(request.filter, 'vsf.attributes', values)})`
    : '';
  const from = request.filter
    ? `chunks c JOIN vector_store_files vsf
         ON vsf.vector_store_id = c.vector_store_id AND vsf.file_id = c.file_id`
    : 'chunks c';
  const matches = (config: string, words: string) =>
    `(SELECT c.id, '${config}'::regconfig AS config FROM ${from}
      WHERE c.language = '${config}'::regconfig AND c.tsv @@ ${words}
        AND array_position((SELECT ids FROM searched), c.vector_store_id) IS NOT NULL ${filter}
      LIMIT $4)`;
  const branches = request.configs.map((config) => {
    if (!CONFIG_NAME.test(config)) throw new Error(`not a text-search configuration: ${config}`);
    return [
      matches(config, `websearch_to_tsquery('${config}', $3)`),
      matches(config, `(SELECT any_word FROM q WHERE config = '${config}'::regconfig)`),
    ].join('\n UNION\n');
  });
  return {
    name: request.filter ? undefined : `chunk-search-${request.configs.join('-')}`,
    values,
    // The store condition is written so no B-tree can serve it: the GIN index must drive the
    // scan (a plan reading every chunk of the store first costs what the search must not). The
    // price: a word common in other callers' stores is read there too, then left out.
    text: `WITH readable AS MATERIALIZED (
       SELECT id FROM vector_stores WHERE id = ANY($1::text[]) AND owner_id = ANY($2::text[])
     ), searched AS MATERIALIZED (
       SELECT array_agg(id) AS ids FROM readable
     ), q AS MATERIALIZED (
       SELECT config, CASE WHEN strpos(words::text, '!') > 0 THEN words
                      ELSE replace(words::text, ' & ', ' | ')::tsquery END AS any_word
       FROM unnest('{${request.configs.join(',')}}'::regconfig[]) AS config,
            websearch_to_tsquery(config, $3) AS words
     ), matched AS (
       ${branches.join('\n UNION\n')}
     ), ranked AS (
       SELECT c.id, c.vector_store_id, c.file_id, c.title, c.text, c.embedding,
              ts_rank_cd(c.tsv, q.any_word, 32) AS text_rank
       FROM matched m JOIN q ON q.config = m.config JOIN chunks c ON c.id = m.id
       ORDER BY text_rank DESC, c.id
       LIMIT $5
     ), query_vectors AS MATERIALIZED (
       SELECT store_id, vector::real[] AS vector FROM unnest($8::text[], $9::text[]) AS v(store_id, vector)
     ), scored AS (
       SELECT r.id, r.vector_store_id, r.file_id, r.title, r.text, r.text_rank,
              -- unnest in the select list streams the pairs; in FROM it stores them first.
              COALESCE((SELECT sum(e.a * e.b) / NULLIF(sqrt(sum(e.a * e.a) * sum(e.b * e.b)), 0)
                        FROM (SELECT unnest(r.embedding) AS a, unnest(qv.vector) AS b) e
                        WHERE array_length(r.embedding, 1) = array_length(qv.vector, 1)), 0) AS similarity
       FROM ranked r LEFT JOIN query_vectors qv ON qv.store_id = r.vector_store_id
     ), hits AS (
       SELECT s.*, round((0.5 * s.text_rank / COALESCE(NULLIF(max(s.text_rank) OVER (), 0), 1)
                          + 0.5 * greatest(s.similarity, 0))::numeric, 4) AS score
       FROM scored s
     ), top AS (
       SELECT h.id, h.vector_store_id, h.file_id, f.filename, h.title, h.text, vsf.attributes, h.score, h.text_rank
       FROM hits h
       JOIN vector_store_files vsf
         ON vsf.vector_store_id = h.vector_store_id AND vsf.file_id = h.file_id AND vsf.status = 'completed'
       JOIN files f ON f.id = h.file_id
       WHERE h.score >= $7
       ORDER BY h.score DESC, h.text_rank DESC, h.id
       LIMIT $6
     )
     SELECT readable.id AS readable_store_id, top.file_id, top.filename, top.title, top.text,
            top.attributes, top.score, top.text_rank
     FROM readable LEFT JOIN top ON top.vector_store_id = readable.id
     ORDER BY top.score DESC NULLS LAST, top.text_rank DESC, top.id`,
  };
}
