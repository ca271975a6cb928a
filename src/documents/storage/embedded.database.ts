import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { SqlDatabase, SqlQueryable } from './sql-database';

/**
 * PostgreSQL compiled to WebAssembly (PGlite), persisted under DATA_DIR: the same SQL and
 * migrations as the server, with no server to run. One connection, so transactions queue.
 */
export class EmbeddedDatabase implements SqlDatabase {
  readonly engine = 'embedded' as const;

  private constructor(private readonly db: PGlite) {}

  static async open(dir: string): Promise<EmbeddedDatabase> {
    await mkdir(dir, { recursive: true });
    // Loaded on use: the WebAssembly engine costs memory only where there is no DATABASE_URL.
    const { PGlite: Engine } = await import('@electric-sql/pglite');
    return new EmbeddedDatabase(await Engine.create(dir));
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<{ rows: Row[] }> {
    const result = await this.db.query<Row>(sql, params as unknown[]);
    return { rows: result.rows };
  }

  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      fn({
        query: async <Row>(sql: string, params: readonly unknown[] = []) => ({
          rows: (await tx.query<Row>(sql, params as unknown[])).rows,
        }),
      }),
    );
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
