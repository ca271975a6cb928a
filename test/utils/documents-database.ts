import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

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
  const schema = `quarry_test_${randomBytes(6).toString('hex')}`;
  await withClient(base, async (client) => {
    await client.query(`CREATE SCHEMA ${schema}`);
  });
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.toString() },
    engine: 'postgresql',
    drop: () =>
      withClient(base, async (client) => {
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
      }),
  };
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
