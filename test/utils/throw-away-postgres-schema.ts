import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ThrowAwayPostgresSchema {
  /** The base connection string with this schema as its search_path. */
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A fresh schema of the database at baseUrl, for one test file or one bench run: work running at
 * once in other schemas is never seen (nor claimed), and drop() removes every table made in it.
 */
export async function throwAwayPostgresSchema(
  baseUrl: string,
  prefix: string,
): Promise<ThrowAwayPostgresSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(baseUrl, (client) => client.query(`CREATE SCHEMA ${schema}`));
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () => withClient(baseUrl, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`)),
  };
}

async function withClient(url: string, fn: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
