/** What the repository and the migrations need of a PostgreSQL: one interface over both engines. */
export interface SqlQueryable {
  /**
   * Runs one statement. With `prepareAs`, PostgreSQL parses and plans it once per connection under
   * that name (the text must never change for a name); the embedded engine ignores it.
   */
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: { readonly prepareAs?: string },
  ): Promise<{ rows: Row[] }>;
}

export interface SqlDatabase extends SqlQueryable {
  /** 'postgresql' (DATABASE_URL) or 'embedded' (PGlite under DATA_DIR). */
  readonly engine: 'postgresql' | 'embedded';
  /** Runs fn in one transaction on one connection; rolled back when fn throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const SQL_DATABASE = Symbol('documents:sql-database');
