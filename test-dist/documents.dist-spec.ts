import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { Client } from 'pg';
import {
  testDocumentsDatabase,
  type TestDocumentsDatabase,
} from '../test/utils/documents-database';
import { QuarryProcess } from './support/quarry-process';

const NOTE =
  '# Release notes\n\n## Upgrading\n\nRun the schema migrations before starting the new version.\n';

/** A Markdown book long enough that ingesting it takes a while: a replica can be killed mid-way. */
function longBook(sections: number): string {
  const paragraph =
    'The replica keeps working on this chapter while the others wait for their turn. ';
  return Array.from(
    { length: sections },
    (_, i) => `## Chapter ${i}\n\n${paragraph.repeat(20)}\n`,
  ).join('\n');
}

async function ingested(client: OpenAI, storeId: string, fileId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const file = await client.vectorStores.files.retrieve(fileId, { vector_store_id: storeId });
    if (file.status !== 'in_progress' || Date.now() > deadline) return file;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Upload, ingest and search through the unchanged openai SDK against node dist/main.js. */
async function roundTrip(quarry: QuarryProcess): Promise<void> {
  const client = new OpenAI({ apiKey: 'unused', baseURL: `${quarry.url}/v1`, maxRetries: 0 });
  const file = await client.files.create({
    file: await toFile(Buffer.from(NOTE), 'release-notes.md'),
    purpose: 'assistants',
  });
  const store = await client.vectorStores.create({ name: 'notes', file_ids: [file.id] });
  expect((await ingested(client, store.id, file.id)).status).toBe('completed');
  const results = await client.vectorStores.search(store.id, { query: 'schema migrations' });
  expect(results.data[0]).toMatchObject({ file_id: file.id, filename: 'release-notes.md' });
  const ready = (await (await fetch(`${quarry.url}/health/ready`)).json()) as {
    details: Record<string, { status: string }>;
  };
  expect(ready.details.database).toMatchObject({ status: 'up' });
}

describe('documents in the built service', () => {
  it('works on the embedded engine, with no database server', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-dist-data-'));
    const quarry = await QuarryProcess.start({ DATA_DIR: dataDir, INGESTION_POLL_MS: '100' });
    try {
      await roundTrip(quarry);
    } finally {
      await quarry.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  const withPostgres = process.env.DATABASE_URL ? describe : describe.skip;
  withPostgres('on PostgreSQL', () => {
    let database: TestDocumentsDatabase;
    beforeAll(async () => {
      database = await testDocumentsDatabase();
    });
    afterAll(() => database?.drop());

    it('works through the openai SDK', async () => {
      const quarry = await QuarryProcess.start({ ...database.env, INGESTION_POLL_MS: '100' });
      try {
        await roundTrip(quarry);
      } finally {
        await quarry.stop();
      }
    }, 60_000);

    it('two replicas on one database: a file ingestion killed with its replica is finished by the other', async () => {
      const env = {
        ...database.env,
        INGESTION_POLL_MS: '100',
        // Renewed every third of it: a busy machine may stall the renewal of a shorter one.
        INGESTION_LEASE_MS: '6000',
        FILES_MAX_BYTES: '20000000',
      };
      const [first, second] = await Promise.all([
        QuarryProcess.start(env),
        QuarryProcess.start(env),
      ]);
      const sql = new Client({ connectionString: database.env.DATABASE_URL });
      await sql.connect();
      try {
        const viaFirst = new OpenAI({
          apiKey: 'unused',
          baseURL: `${first.url}/v1`,
          maxRetries: 0,
        });
        const viaSecond = new OpenAI({
          apiKey: 'unused',
          baseURL: `${second.url}/v1`,
          maxRetries: 0,
        });
        const file = await viaFirst.files.create({
          file: await toFile(Buffer.from(longBook(3000)), 'book.md'),
          purpose: 'assistants',
        });
        // The other replica sees the file the moment it is accepted.
        expect((await viaSecond.files.retrieve(file.id)).filename).toBe('book.md');
        const store = await viaFirst.vectorStores.create({ name: 'books' });
        await viaFirst.vectorStores.files.create(store.id, { file_id: file.id });

        // Whichever replica claimed the job is killed while it works on it.
        let claim: { claimed_by: string; status: string } | undefined;
        while (!claim) {
          const { rows } = await sql.query(
            'SELECT claimed_by, status FROM vector_store_files WHERE file_id = $1 AND claimed_by IS NOT NULL',
            [file.id],
          );
          claim = rows[0] as typeof claim;
          if (!claim) await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // A replica's claim names its process id (host:pid:random).
        const killed = claim.claimed_by.split(':')[1] === String(first.pid) ? first : second;
        await killed.kill();
        expect(claim.status).toBe('in_progress');

        const survivor = killed === first ? viaSecond : viaFirst;
        const done = await ingested(survivor, store.id, file.id);
        expect(done.status).toBe('completed');
        const { rows } = await sql.query(
          'SELECT attempts, claimed_by FROM vector_store_files WHERE file_id = $1',
          [file.id],
        );
        // Claimed again after the kill (more than once only if the survivor's own lease lapsed).
        expect(rows[0].attempts).toBeGreaterThanOrEqual(2);
        const survivorPid = String((killed === first ? second : first).pid);
        expect((rows[0].claimed_by as string).split(':')[1]).toBe(survivorPid);
      } finally {
        await sql.end();
        await Promise.all([first.stop(), second.stop()]);
      }
    }, 120_000);
  });
});
