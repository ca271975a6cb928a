import { Pool } from 'pg';
import type { SqlDatabase, SqlQueryable } from './sql-database';

/** PostgreSQL through node-postgres' pool: the store every replica shares. */
export class PostgresDatabase implements SqlDatabase {
  readonly engine = 'postgresql' as const;
  private readonly pool: Pool;

  constructor(connectionString: string) {
    // One connection per concurrent search at the 10 callers the benchmark measures (a search is
    // one statement); more would only queue inside PostgreSQL for the same cores.
    this.pool = new Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle client losing its server must not end the process; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  async query<Row>(
    sql: string,
    params: readonly unknown[] = [],
    options: { readonly prepareAs?: string } = {},
  ): Promise<{ rows: Row[] }> {
    const result = await this.pool.query({
      text: sql,
      values: params as unknown[],
      name: options.prepareAs,
    });
    return { rows: result.rows as Row[] };
  }

  async transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A connection the server ends mid-transaction (restart, failover) fails this call; without
    // a listener its 'error' event would end the process.
    const ignore = () => undefined;
    client.on('error', ignore);
    try {
      await client.query('BEGIN');
      const tx: SqlQueryable = {
        query: async <Row>(sql: string, params: readonly unknown[] = []) => ({
          rows: (await client.query(sql, params as unknown[])).rows as Row[],
        }),
      };
      const result = await fn(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', ignore);
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
