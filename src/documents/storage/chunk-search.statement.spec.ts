import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkSearchStatement, type ChunkSearchRequest } from './chunk-search.statement';
import { EmbeddedDatabase } from './embedded.database';
import { SCHEMA_MIGRATIONS } from './migrations/schema-migrations';
import { migrateSchema } from './schema-migrator';

const SERVICE_CHUNKS = 30;
/** The configurations migration 0002 indexes. */
const CONFIGS = ['english', 'french', 'german', 'spanish', 'russian', 'simple'];

describe('chunkSearchStatement (one search, one statement, on the embedded engine)', () => {
  let dir: string;
  let db: EmbeddedDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-chunk-search-'));
    db = await EmbeddedDatabase.open(dir);
    await migrateSchema(db, SCHEMA_MIGRATIONS);
    await addStore('vs_alice', 'alice', [
      'The replica renews its lease; recovery starts when the lease runs out.',
      'A replica answers reads.',
      'Billing runs monthly.',
      ...Array.from({ length: SERVICE_CHUNKS }, (_, i) => `The service handles request ${i}.`),
    ]);
    await addStore('vs_bob', 'bob', ['Bob keeps the replica lease recovery notes.']);
  }, 60_000);

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function addStore(id: string, owner: string, texts: readonly string[]): Promise<void> {
    await db.query(
      `INSERT INTO vector_stores (id, owner_id, embedding_model, created_at, last_active_at)
       VALUES ($1, $2, 'builtin/hashing', 0, 0)`,
      [id, owner],
    );
    for (const [index, text] of texts.entries()) {
      const fileId = `${id}_file_${index}`;
      await db.query(
        `INSERT INTO files (id, owner_id, filename, purpose, bytes, content, content_hash, created_at)
         VALUES ($1, $2, $3, 'assistants', 1, '\\x00', 'hash', 0)`,
        [fileId, owner, `${fileId}.md`],
      );
      await db.query(
        `INSERT INTO vector_store_files (vector_store_id, file_id, owner_id, status, chunking, created_at)
         VALUES ($1, $2, $3, 'completed', '{}', 0)`,
        [id, fileId, owner],
      );
      await db.query(
        `INSERT INTO chunks (vector_store_id, file_id, position, title, text, language, embedding)
         VALUES ($1, $2, 0, 'Notes', $3, 'english', '{1,0,0}')`,
        [id, fileId, text],
      );
    }
  }

  function request(overrides: Partial<ChunkSearchRequest>): ChunkSearchRequest {
    return {
      storeIds: ['vs_alice'],
      readers: ['alice'],
      query: 'replica lease recovery',
      configs: CONFIGS,
      candidateCap: 50,
      reranked: 20,
      maxResults: 10,
      scoreThreshold: 0,
      queryVectors: new Map([['vs_alice', [1, 0, 0]]]),
      ...overrides,
    };
  }

  async function search(overrides: Partial<ChunkSearchRequest> = {}) {
    const statement = chunkSearchStatement(request(overrides));
    const { rows } = await db.query<{ readable_store_id: string; text: string | null }>(
      statement.text,
      statement.values,
    );
    return {
      readable: new Set(rows.map((row) => row.readable_store_id)),
      texts: rows.flatMap((row) => (row.text === null ? [] : [row.text])),
    };
  }

  it('ranks the chunk holding every word of the question first, one holding some after', async () => {
    const { texts } = await search();
    expect(texts).toEqual([
      'The replica renews its lease; recovery starts when the lease runs out.',
      'A replica answers reads.',
    ]);
  });

  it('searches a query holding the NUL character as if it were a space', async () => {
    const { texts } = await search({ query: 'replica\u0000lease\u0000recovery' });
    expect(texts[0]).toBe('The replica renews its lease; recovery starts when the lease runs out.');
    expect((await search({ query: '\u0000' })).texts).toEqual([]);
  });

  it("says which stores the caller may read, and never searches another caller's", async () => {
    const { readable, texts } = await search({ storeIds: ['vs_alice', 'vs_bob'] });
    expect([...readable]).toEqual(['vs_alice']);
    expect(texts.join(' ')).not.toContain('Bob');
    expect((await search({ storeIds: ['vs_bob'] })).readable.size).toBe(0);
  });

  it('ranks at most the candidate cap of a word that is in nearly every chunk', async () => {
    const { texts } = await search({
      query: 'service',
      candidateCap: 5,
      maxResults: SERVICE_CHUNKS,
      reranked: SERVICE_CHUNKS,
    });
    expect(texts).toHaveLength(5);
  });

  it("is served by the GIN index of the chunks' language", async () => {
    const statement = chunkSearchStatement(request({}));
    // A table this small is read whole by choice; disallowed, the plan shows what can serve it.
    await db.query('SET enable_seqscan = off');
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${statement.text}`,
      statement.values,
    );
    await db.query('RESET enable_seqscan');
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(
      'Bitmap Index Scan on chunks_tsv_english',
    );
  });
});
