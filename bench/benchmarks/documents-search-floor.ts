import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { DEPLOYMENT_OWNER, SHARED_OWNER } from '../../src/documents/documents.types';
import { TEXT_SEARCH_CONFIGS } from '../../src/documents/ingestion/text-search-language';
import { CHUNK_SEARCH_LIMITS, rerankedFor } from '../../src/documents/storage/chunk-search.limits';
import { chunkSearchStatement } from '../../src/documents/storage/chunk-search.statement';
import { hashingVectors } from '../../src/providers/builtin/hashing-vectorizer';

/** As the bench's searches ask (max_num_results). */
const MAX_RESULTS = 10;
const WARM_UP_EXECUTIONS = 6;

export interface SearchFloor {
  readonly requestsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Share of the chunks that match a query's words, over the queries ("min-max" when several). */
  readonly matchedPercent: string;
}

/**
 * The floor of a search: the statement the service runs for it (same text, same values, with
 * the query embedded by the built-in model) sent straight to PostgreSQL by `callers` clients in
 * a closed loop, the queries in turn; what is left above it is the service's own work.
 */
export async function searchFloor(
  databaseUrl: string,
  storeId: string,
  queries: readonly string[],
  callers: number,
  durationMs: number,
): Promise<SearchFloor> {
  const statements = queries.map((query) =>
    chunkSearchStatement({
      storeIds: [storeId],
      readers: [SHARED_OWNER, DEPLOYMENT_OWNER],
      query,
      configs: TEXT_SEARCH_CONFIGS,
      candidateCap: CHUNK_SEARCH_LIMITS.candidateCap,
      reranked: rerankedFor(MAX_RESULTS),
      maxResults: MAX_RESULTS,
      scoreThreshold: 0,
      queryVectors: new Map([[storeId, hashingVectors([query])[0]]]),
    }),
  );
  const clients = await Promise.all(Array.from({ length: callers }, () => connect(databaseUrl)));
  const latencies: number[] = [];
  let sent = 0;
  try {
    const matched = await matchedPercents(clients[0], queries);
    // PostgreSQL plans a prepared statement with its values for the first five executions on a
    // connection, then once for all: the floor is the second, as on a service's warm connections.
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < WARM_UP_EXECUTIONS; i++)
          await client.query(statements[i % statements.length]);
      }),
    );
    const deadline = performance.now() + durationMs;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < deadline) {
          const statement = statements[sent++ % statements.length];
          const started = performance.now();
          await client.query(statement);
          latencies.push(performance.now() - started);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(latencies[Math.floor(q * (latencies.length - 1))] * 100) / 100;
    const low = Math.min(...matched);
    const high = Math.max(...matched);
    return {
      requestsPerSec: Math.round(latencies.length / (durationMs / 1000)),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      matchedPercent: low === high ? `${low}` : `${low}-${high}`,
    };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

async function connect(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** For each query, the percentage of chunks holding any of its words (all, with a -exclusion). */
async function matchedPercents(client: Client, queries: readonly string[]): Promise<number[]> {
  const percents: number[] = [];
  for (const query of queries) {
    const { rows } = await client.query<{ percent: string }>(
      `SELECT round(100.0 * count(*) FILTER (WHERE tsv @@ q) / greatest(count(*), 1), 1) AS percent
       FROM chunks, (SELECT CASE WHEN strpos(t, '!') > 0 THEN t ELSE replace(t, ' & ', ' | ') END::tsquery AS q
                     FROM (SELECT websearch_to_tsquery('english', $1)::text AS t) w) q`,
      [query],
    );
    percents.push(Number(rows[0].percent));
  }
  return percents;
}
