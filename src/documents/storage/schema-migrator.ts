import { Umzug, type UmzugStorage } from 'umzug';
import type { SchemaMigration } from './migrations/schema-migration';
import type { SqlDatabase, SqlQueryable } from './sql-database';

/** Any constant: the advisory lock that lets one replica at a time migrate. */
const MIGRATION_LOCK = 360_036;

/**
 * Applies the migrations not yet applied, with Umzug (maintained, engine-agnostic: it runs our
 * own query function, so PGlite and node-postgres share one path, where pg-only tools would need
 * a TCP server). All of it runs in one transaction holding an advisory lock: replicas starting
 * together migrate once, and a failed migration leaves the schema as it was.
 */
export async function migrateSchema(
  db: SqlDatabase,
  migrations: readonly SchemaMigration[],
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const umzug = new Umzug<SqlQueryable>({
      context: tx,
      storage: migrationTable(tx),
      logger: undefined,
      migrations: migrations.map((migration) => ({
        name: migration.name,
        up: async ({ context }) => {
          for (const statement of migration.statements) await context.query(statement);
        },
      })),
    });
    const applied = await umzug.up();
    return applied.map((migration) => migration.name);
  });
}

function migrationTable(tx: SqlQueryable): UmzugStorage<SqlQueryable> {
  return {
    logMigration: async ({ name }) => {
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    },
    unlogMigration: async ({ name }) => {
      await tx.query('DELETE FROM schema_migrations WHERE name = $1', [name]);
    },
    executed: async () =>
      (
        await tx.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
      ).rows.map((row) => row.name),
  };
}
