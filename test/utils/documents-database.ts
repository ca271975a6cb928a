import { throwAwayPostgresSchema } from './throw-away-postgres-schema';

export interface TestDocumentsDatabase {
  /** Environment for the app: DATABASE_URL on a schema of its own, or nothing (embedded engine). */
  readonly env: Record<string, string>;
  readonly engine: 'postgresql' | 'embedded';
  drop(): Promise<void>;
}

/**
 * With DATABASE_URL set (as .ci/run does), a fresh schema of that database for one test file, so
 * files running at once never see (nor claim) each other's work; otherwise the embedded engine in
 * the test file's own DATA_DIR.
 */
export async function testDocumentsDatabase(): Promise<TestDocumentsDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: {}, engine: 'embedded', drop: () => Promise.resolve() };
  const schema = await throwAwayPostgresSchema(base, 'quarry_test');
  return { env: { DATABASE_URL: schema.url }, engine: 'postgresql', drop: schema.drop };
}
