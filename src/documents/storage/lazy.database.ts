import type { SqlDatabase, SqlQueryable } from './sql-database';

/**
 * Opens (and migrates) the database on first use: a process that never touches documents (a
 * test of another feature, a replica serving only web search) costs no connection and no
 * embedded engine. A failed opening is retried on the next use.
 */
export class LazyDatabase implements SqlDatabase {
  private opening?: Promise<SqlDatabase>;
  private closed = false;

  constructor(
    readonly engine: SqlDatabase['engine'],
    private readonly open: () => Promise<SqlDatabase>,
    /** Whether a database may exist already (a server, or files an earlier run wrote). */
    private readonly mayExist: () => boolean,
  ) {}

  get isOpen(): boolean {
    return this.opening !== undefined;
  }

  /**
   * Whether reading it can find anything: open, or existing. Reads that would only learn that
   * nothing is stored (a search, a metrics scrape) check this rather than create the database.
   */
  get inUse(): boolean {
    return this.isOpen || this.mayExist();
  }

  async query<Row>(
    sql: string,
    params?: readonly unknown[],
    options?: { readonly prepareAs?: string },
  ): Promise<{ rows: Row[] }> {
    return (await this.database()).query<Row>(sql, params, options);
  }

  async transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    return (await this.database()).transaction(fn);
  }

  async close(): Promise<void> {
    this.closed = true;
    const opening = this.opening;
    if (opening) await (await opening.catch(() => undefined))?.close();
  }

  database(): Promise<SqlDatabase> {
    if (this.closed) return Promise.reject(new Error('the documents database is closed'));
    this.opening ??= this.open().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }
}
