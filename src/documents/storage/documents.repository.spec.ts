import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentsRepository } from './documents.repository';
import { EmbeddedDatabase } from './embedded.database';
import { SCHEMA_MIGRATIONS } from './migrations/schema-migrations';
import { migrateSchema } from './schema-migrator';

const STORE = 'vs_queue';
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 2;

describe('DocumentsRepository.claimJobs (the ingestion queue, on the embedded engine)', () => {
  let dir: string;
  let db: EmbeddedDatabase;
  let repository: DocumentsRepository;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-claim-jobs-'));
    db = await EmbeddedDatabase.open(dir);
    await migrateSchema(db, SCHEMA_MIGRATIONS);
    repository = new DocumentsRepository(db);
    await db.query(
      `INSERT INTO vector_stores (id, owner_id, embedding_model, created_at, last_active_at)
       VALUES ($1, 'alice', 'builtin/hashing', 0, 0)`,
      [STORE],
    );
  }, 60_000);

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await db.query('DELETE FROM vector_store_files');
    await db.query('DELETE FROM files');
  });

  /** Queues files `ids`, the first queued first. */
  async function queue(ids: readonly string[]): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await db.query(
        `INSERT INTO files (id, owner_id, filename, purpose, bytes, content, content_hash, created_at)
         VALUES ($1, 'alice', $2, 'assistants', 1, '\\x41', 'hash', 0)`,
        [id, `${id}.md`],
      );
      await db.query(
        `INSERT INTO vector_store_files (vector_store_id, file_id, owner_id, status, chunking, created_at)
         VALUES ($1, $2, 'alice', 'in_progress', '{}', $3)`,
        [STORE, id, index],
      );
    }
  }

  const claim = async (replica: string, limit: number) =>
    (await repository.claimJobs(replica, LEASE_MS, MAX_ATTEMPTS, limit)).map((job) => ({
      fileId: job.fileId,
      attempts: job.attempts,
    }));

  /** `replica` claims the next file and stops working: its lease runs out at once. */
  async function claimAndStop(replica: string) {
    const claimed = await claim(replica, 1);
    await db.query(`UPDATE vector_store_files SET claimed_until = now() - interval '1 second'
                    WHERE claimed_until IS NOT NULL`);
    return claimed;
  }

  it('claims the oldest files first, each once, with their content', async () => {
    await queue(['file_a', 'file_b', 'file_c']);
    const [first] = await repository.claimJobs('one', LEASE_MS, MAX_ATTEMPTS, 1);
    expect(first).toMatchObject({ fileId: 'file_a', attempts: 1 });
    expect(first.file?.content.toString()).toBe('A');
    await expect(claim('two', 5)).resolves.toEqual([
      { fileId: 'file_b', attempts: 1 },
      { fileId: 'file_c', attempts: 1 },
    ]);
    await expect(claim('one', 5)).resolves.toEqual([]);
  });

  it('puts a file whose lease ran out back in the queue, for the next claim to take', async () => {
    await queue(['file_a']);
    await claimAndStop('died');
    await expect(claim('alive', 1)).resolves.toEqual([]);
    await expect(claim('alive', 1)).resolves.toEqual([{ fileId: 'file_a', attempts: 2 }]);
  });

  it('marks a file failed once its lease ran out after INGESTION_MAX_ATTEMPTS claims', async () => {
    await queue(['file_a']);
    await claimAndStop('died');
    await claim('alive', 1); // puts it back in the queue
    await expect(claimAndStop('died too')).resolves.toEqual([{ fileId: 'file_a', attempts: 2 }]);
    await expect(claim('alive', 1)).resolves.toEqual([]);
    const { rows } = await db.query<{ status: string; last_error: { message: string } }>(
      `SELECT status, last_error FROM vector_store_files WHERE file_id = 'file_a'`,
    );
    expect(rows[0].status).toBe('failed');
    expect(rows[0].last_error.message).toBe(
      'ingestion stopped 2 times before finishing (the replica doing it stopped)',
    );
  });
});
