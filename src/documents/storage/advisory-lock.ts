import type { SqlDatabase } from './sql-database';

/**
 * Runs fn while holding a PostgreSQL advisory lock, so replicas on one database take turns (the
 * lock is a transaction's: a replica that dies mid-way releases it with its connection). fn runs
 * its own statements on other connections. The embedded engine is one process's alone (and has
 * one connection, which the lock's transaction would hold): fn runs directly.
 */
export async function withAdvisoryLock<T>(
  db: SqlDatabase,
  key: number,
  fn: () => Promise<T>,
): Promise<T> {
  if (db.engine === 'embedded') return fn();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [key]);
    return fn();
  });
}
