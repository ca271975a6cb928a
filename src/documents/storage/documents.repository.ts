import { Inject, Injectable } from '@nestjs/common';
import {
  DEPLOYMENT_OWNER,
  type Attributes,
  type ChunkHit,
  type ChunkToStore,
  type ChunkingSettings,
  type FileCounts,
  type LastError,
  type OwnerId,
  type Page,
  type PageRequest,
  type StoredBatch,
  type StoredFile,
  type StoredStoreFile,
  type StoredVectorStore,
} from '../documents.types';
import { chunkSearchStatement, type ChunkSearchRequest } from './chunk-search.statement';
import { realArrayLiteral } from './real-array-literal';
import { SQL_DATABASE, type SqlDatabase, type SqlQueryable } from './sql-database';

type Row = Record<string, unknown>;

const FILE_COLUMNS = 'id, owner_id, filename, purpose, bytes, content_hash, created_at';
const STORE_FILE_COLUMNS =
  'vector_store_id, file_id, owner_id, batch_id, status, last_error, attributes, chunking, usage_bytes, created_at';
const COUNTS = `
  count(*) FILTER (WHERE status = 'in_progress')::int AS in_progress,
  count(*) FILTER (WHERE status = 'completed')::int AS completed,
  count(*) FILTER (WHERE status = 'failed')::int AS failed,
  count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
  count(*)::int AS total,
  COALESCE(sum(usage_bytes), 0)::bigint AS usage_bytes`;

/** A claimed ingestion job: which file of which store, and the replica's claim on it. */
export interface IngestionJob {
  readonly vectorStoreId: string;
  readonly fileId: string;
  readonly chunking: ChunkingSettings;
  readonly embeddingModel: string;
  readonly attempts: number;
}

/** A job as claimed: with its file, unless the file was deleted since. */
export interface ClaimedJob extends IngestionJob {
  readonly file?: { readonly filename: string; readonly content: Buffer };
}

/**
 * Chunks a statement inserts: more would make one statement's parameters (1024 floats of text a
 * chunk) tens of megabytes.
 */
const CHUNKS_PER_STATEMENT = 500;

/** The rows of chunks to insert: $1 to $8, the arrays of chunkColumns. */
const CHUNK_ROWS = `SELECT c.vector_store_id, c.file_id, c.position, c.title, c.text, c.language::regconfig,
    c.embedding::real[], c.code
  FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::text[])
    AS c(vector_store_id, file_id, position, title, text, language, embedding, code)`;

/** The columns CHUNK_ROWS fills, in its order. */
const CHUNK_COLUMNS =
  'INSERT INTO chunks (vector_store_id, file_id, position, title, text, language, embedding, code)';

/** An uploaded file and its bytes, to store. */
export interface FileToStore {
  readonly file: StoredFile;
  readonly content: Buffer;
}

/** A job done with: its chunks to store and the bytes they use. */
export interface CompletedJob {
  readonly job: IngestionJob;
  readonly chunks: readonly ChunkToStore[];
  readonly usageBytes: number;
}

/** One chunk to insert: of which job, at which position in its file. */
interface ChunkRow {
  readonly job: IngestionJob;
  readonly chunk: ChunkToStore;
  readonly position: number;
}

/**
 * Every read and write of files, vector stores and chunks: one SQL dialect over PostgreSQL and
 * the embedded engine. Each read is scoped to an owner (the deployment-wide store is readable by
 * all), so another caller's rows are never read, listed nor searched.
 */
@Injectable()
export class DocumentsRepository {
  constructor(@Inject(SQL_DATABASE) private readonly db: SqlDatabase) {}

  /**
   * Stores files with their content: one statement (one commit) for all of them. A lone file is
   * sent as binary; in an array its bytes travel as hex, twice their size.
   */
  async insertFiles(files: readonly FileToStore[]): Promise<Set<FileToStore>> {
    if (files.length === 1) {
      const [{ file, content }] = files;
      await this.db.query(
        `INSERT INTO files (id, owner_id, filename, purpose, bytes, content, content_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          file.id,
          file.ownerId,
          file.filename,
          file.purpose,
          file.bytes,
          content,
          file.contentHash,
          file.createdAt,
        ],
      );
      return new Set(files);
    }
    await this.db.query(
      `INSERT INTO files (id, owner_id, filename, purpose, bytes, content, content_hash, created_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bytea[],
         $7::text[], $8::bigint[])`,
      [
        files.map(({ file }) => file.id),
        files.map(({ file }) => file.ownerId),
        files.map(({ file }) => file.filename),
        files.map(({ file }) => file.purpose),
        files.map(({ file }) => file.bytes),
        files.map(({ content }) => content),
        files.map(({ file }) => file.contentHash),
        files.map(({ file }) => file.createdAt),
      ],
    );
    return new Set(files);
  }

  async file(owner: OwnerId, id: string): Promise<StoredFile | undefined> {
    const { rows } = await this.db.query(
      `SELECT ${FILE_COLUMNS} FROM files WHERE id = $1 AND owner_id IN ($2, $3)`,
      [id, owner, DEPLOYMENT_OWNER],
    );
    return rows[0] && fileOf(rows[0]);
  }

  async fileContent(owner: OwnerId, id: string): Promise<Buffer | undefined> {
    const { rows } = await this.db.query<{ content: Uint8Array }>(
      'SELECT content FROM files WHERE id = $1 AND owner_id IN ($2, $3)',
      [id, owner, DEPLOYMENT_OWNER],
    );
    return rows[0] && Buffer.from(rows[0].content);
  }

  async files(owner: OwnerId, page: PageRequest, purpose?: string): Promise<Page<StoredFile>> {
    const params: unknown[] = [owner];
    const where = ['owner_id = $1'];
    if (purpose) {
      params.push(purpose);
      where.push(`purpose = $${params.length}`);
    }
    return this.page('files', FILE_COLUMNS, where, params, page, fileOf);
  }

  /** Every file of an owner, without content (the deployment's, to sync LOCAL_DOCS_DIR). */
  async allFiles(owner: OwnerId): Promise<StoredFile[]> {
    const { rows } = await this.db.query(`SELECT ${FILE_COLUMNS} FROM files WHERE owner_id = $1`, [
      owner,
    ]);
    return rows.map(fileOf);
  }

  /** Which of these ids name files of this owner (one query for a whole file batch). */
  async ownedFileIds(owner: OwnerId, ids: readonly string[]): Promise<Set<string>> {
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT id FROM files WHERE id = ANY($1::text[]) AND owner_id = $2',
      [ids, owner],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Deletes the file and takes it out of every store of its owner. */
  async deleteFile(owner: OwnerId, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM vector_store_files WHERE file_id = $1 AND owner_id = $2', [
        id,
        owner,
      ]);
      const { rows } = await tx.query(
        'DELETE FROM files WHERE id = $1 AND owner_id = $2 RETURNING id',
        [id, owner],
      );
      return rows.length > 0;
    });
  }

  async insertStore(store: Omit<StoredVectorStore, 'fileCounts' | 'usageBytes'>): Promise<void> {
    await this.db.query(
      `INSERT INTO vector_stores (id, owner_id, name, metadata, embedding_model, created_at, last_active_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        store.id,
        store.ownerId,
        store.name,
        JSON.stringify(store.metadata),
        store.embeddingModel,
        store.createdAt,
        store.lastActiveAt,
      ],
    );
  }

  async store(owner: OwnerId, id: string): Promise<StoredVectorStore | undefined> {
    const { rows } = await this.db.query(
      `SELECT s.*, c.* FROM vector_stores s
       CROSS JOIN LATERAL (SELECT ${COUNTS} FROM vector_store_files WHERE vector_store_id = s.id) c
       WHERE s.id = $1 AND s.owner_id IN ($2, $3)`,
      [id, owner, DEPLOYMENT_OWNER],
    );
    return rows[0] && storeOf(rows[0]);
  }

  async stores(owner: OwnerId, page: PageRequest): Promise<Page<StoredVectorStore>> {
    const found = await this.page(
      'vector_stores',
      'id',
      ['owner_id = $1'],
      [owner],
      page,
      (row) => row.id as string,
    );
    const data = await Promise.all(found.data.map((id) => this.store(owner, id)));
    return {
      data: data.filter((store): store is StoredVectorStore => store !== undefined),
      hasMore: found.hasMore,
    };
  }

  /** Ids of the stores a search of this caller reads: its own and the deployment's. */
  async readableStoreIds(owner: OwnerId): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT id FROM vector_stores WHERE owner_id IN ($1, $2)',
      [owner, DEPLOYMENT_OWNER],
    );
    return rows.map((row) => row.id);
  }

  async updateStore(
    owner: OwnerId,
    id: string,
    changes: { name?: string | null; metadata?: Record<string, string> },
  ): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE vector_stores SET
         name = CASE WHEN $3 THEN $4 ELSE name END,
         metadata = COALESCE($5::jsonb, metadata),
         last_active_at = $6
       WHERE id = $1 AND owner_id = $2 RETURNING id`,
      [
        id,
        owner,
        changes.name !== undefined,
        changes.name ?? null,
        changes.metadata ? JSON.stringify(changes.metadata) : null,
        now(),
      ],
    );
    return rows.length > 0;
  }

  async deleteStore(owner: OwnerId, id: string): Promise<boolean> {
    const { rows } = await this.db.query(
      'DELETE FROM vector_stores WHERE id = $1 AND owner_id = $2 RETURNING id',
      [id, owner],
    );
    return rows.length > 0;
  }

  /**
   * Queues the files for ingestion into the store (again, from scratch, those already there). Two
   * requests adding one file at once both succeed: the later one's row stands (it waits on the
   * earlier one's insert and takes it over), as if they had come one after the other.
   */
  async addStoreFiles(
    owner: OwnerId,
    storeId: string,
    fileIds: readonly string[],
    settings: { attributes: Attributes; chunking: ChunkingSettings; batchId?: string },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        'DELETE FROM vector_store_files WHERE vector_store_id = $1 AND file_id = ANY($2::text[])',
        [storeId, fileIds],
      );
      await tx.query(
        `INSERT INTO vector_store_files (vector_store_id, file_id, owner_id, batch_id, status, attributes, chunking, created_at)
         SELECT DISTINCT $1, file_id, $3, $4, 'in_progress', $5::jsonb, $6::jsonb, $7::bigint
         FROM unnest($2::text[]) AS file_id
         -- One order for every request, so two adding the same files lock them alike (no deadlock).
         ORDER BY file_id
         ON CONFLICT (vector_store_id, file_id) DO UPDATE SET
           batch_id = EXCLUDED.batch_id, status = 'in_progress', last_error = NULL,
           attributes = EXCLUDED.attributes, chunking = EXCLUDED.chunking, usage_bytes = 0,
           created_at = EXCLUDED.created_at, attempts = 0, claimed_by = NULL, claimed_until = NULL`,
        [
          storeId,
          fileIds,
          owner,
          settings.batchId ?? null,
          JSON.stringify(settings.attributes),
          JSON.stringify(settings.chunking),
          now(),
        ],
      );
    });
  }

  async storeFile(
    owner: OwnerId,
    storeId: string,
    fileId: string,
  ): Promise<StoredStoreFile | undefined> {
    const { rows } = await this.db.query(
      `SELECT ${STORE_FILE_COLUMNS} FROM vector_store_files
       WHERE vector_store_id = $1 AND file_id = $2 AND owner_id IN ($3, $4)`,
      [storeId, fileId, owner, DEPLOYMENT_OWNER],
    );
    return rows[0] && storeFileOf(rows[0]);
  }

  async storeFiles(
    owner: OwnerId,
    storeId: string,
    page: PageRequest,
    only: { status?: string; batchId?: string } = {},
  ): Promise<Page<StoredStoreFile>> {
    const params: unknown[] = [storeId, owner, DEPLOYMENT_OWNER];
    const where = ['vector_store_id = $1', 'owner_id IN ($2, $3)'];
    if (only.status) {
      params.push(only.status);
      where.push(`status = $${params.length}`);
    }
    if (only.batchId) {
      params.push(only.batchId);
      where.push(`batch_id = $${params.length}`);
    }
    return this.page(
      'vector_store_files',
      STORE_FILE_COLUMNS,
      where,
      params,
      page,
      storeFileOf,
      'file_id',
    );
  }

  async deleteStoreFile(owner: OwnerId, storeId: string, fileId: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `DELETE FROM vector_store_files WHERE vector_store_id = $1 AND file_id = $2 AND owner_id = $3
       RETURNING file_id`,
      [storeId, fileId, owner],
    );
    return rows.length > 0;
  }

  async insertBatch(
    owner: OwnerId,
    batch: { id: string; vectorStoreId: string; createdAt: number },
  ): Promise<void> {
    await this.db.query(
      'INSERT INTO file_batches (id, vector_store_id, owner_id, created_at) VALUES ($1, $2, $3, $4)',
      [batch.id, batch.vectorStoreId, owner, batch.createdAt],
    );
  }

  async batch(owner: OwnerId, storeId: string, id: string): Promise<StoredBatch | undefined> {
    const { rows } = await this.db.query(
      `SELECT b.id, b.vector_store_id, b.created_at, c.* FROM file_batches b
       CROSS JOIN LATERAL (SELECT ${COUNTS} FROM vector_store_files WHERE batch_id = b.id) c
       WHERE b.id = $1 AND b.vector_store_id = $2 AND b.owner_id = $3`,
      [id, storeId, owner],
    );
    const row = rows[0];
    return (
      row && {
        id: row.id as string,
        vectorStoreId: row.vector_store_id as string,
        createdAt: Number(row.created_at),
        fileCounts: countsOf(row),
      }
    );
  }

  /** Marks the batch's files still waiting as cancelled. */
  async cancelBatch(owner: OwnerId, storeId: string, id: string): Promise<void> {
    await this.db.query(
      `UPDATE vector_store_files SET status = 'cancelled'
       WHERE batch_id = $1 AND vector_store_id = $2 AND owner_id = $3 AND status = 'in_progress'`,
      [id, storeId, owner],
    );
  }

  /**
   * Claims up to `limit` waiting jobs for this replica, with their files' content, in one
   * statement: FOR UPDATE SKIP LOCKED, so two replicas never claim the same one. A job whose lease
   * ran out (its replica died) goes back to the queue, claimable by the next claim, unless it was
   * claimed maxAttempts times: then it is marked failed instead of being tried forever. Each part
   * reads only its own index (migration 0004), not every waiting job.
   */
  async claimJobs(
    replica: string,
    leaseMs: number,
    maxAttempts: number,
    limit: number,
  ): Promise<ClaimedJob[]> {
    const { rows } = await this.db.query(
      `WITH expired AS (
         UPDATE vector_store_files SET claimed_until = NULL,
           status = CASE WHEN attempts >= $3 THEN 'failed' ELSE status END,
           last_error = CASE WHEN attempts >= $3 THEN jsonb_build_object('code', 'server_error',
             'message', 'ingestion stopped ' || attempts || ' times before finishing (the replica doing it stopped)')
             ELSE last_error END
         WHERE status = 'in_progress' AND claimed_until < now()
       ), next AS (
         SELECT vector_store_id, file_id FROM vector_store_files
         WHERE status = 'in_progress' AND claimed_until IS NULL
         ORDER BY created_at LIMIT $4 FOR UPDATE SKIP LOCKED
       )
       UPDATE vector_store_files f SET attempts = f.attempts + 1, claimed_by = $1,
         claimed_until = now() + make_interval(secs => $2::double precision / 1000)
       FROM next JOIN vector_stores s ON s.id = next.vector_store_id
         LEFT JOIN files fl ON fl.id = next.file_id
       WHERE f.vector_store_id = next.vector_store_id AND f.file_id = next.file_id
       RETURNING f.vector_store_id, f.file_id, f.chunking, f.attempts, s.embedding_model,
         fl.filename, fl.content`,
      [replica, leaseMs, maxAttempts, limit],
    );
    return rows.map((row) => ({
      vectorStoreId: row.vector_store_id as string,
      fileId: row.file_id as string,
      chunking: row.chunking as ChunkingSettings,
      attempts: Number(row.attempts),
      embeddingModel: row.embedding_model as string,
      // The file was deleted since it was queued.
      file:
        row.content === null
          ? undefined
          : { filename: row.filename as string, content: Buffer.from(row.content as Uint8Array) },
    }));
  }

  /**
   * Completes the jobs this replica still holds, replacing their chunks; says which. One statement
   * (one round trip, one commit) for up to CHUNKS_PER_STATEMENT chunks in all, the rest of more in
   * the same transaction.
   */
  async completeJobs(replica: string, jobs: readonly CompletedJob[]): Promise<Set<CompletedJob>> {
    const rows = jobs.flatMap(({ job, chunks }) =>
      chunks.map((chunk, position) => ({ job, chunk, position })),
    );
    const first = rows.slice(0, CHUNKS_PER_STATEMENT);
    if (rows.length <= CHUNKS_PER_STATEMENT)
      return this.markCompleted(this.db, replica, jobs, first);
    return this.db.transaction(async (tx) => {
      const done = await this.markCompleted(tx, replica, jobs, first);
      const doneJobs = new Set([...done].map(({ job }) => job));
      const rest = rows.slice(first.length).filter((row) => doneJobs.has(row.job));
      for (let start = 0; start < rest.length; start += CHUNKS_PER_STATEMENT) {
        await tx.query(
          `${CHUNK_COLUMNS}
           ${CHUNK_ROWS}`,
          chunkColumns(rest.slice(start, start + CHUNKS_PER_STATEMENT)),
        );
      }
      return done;
    });
  }

  /** Marks the jobs completed (those still this replica's), replaces their chunks with `rows`. */
  private async markCompleted(
    db: SqlQueryable,
    replica: string,
    jobs: readonly CompletedJob[],
    rows: readonly ChunkRow[],
  ): Promise<Set<CompletedJob>> {
    const { rows: done } = await db.query<{ vector_store_id: string; file_id: string }>(
      `WITH done AS (
         UPDATE vector_store_files f SET status = 'completed', usage_bytes = j.usage_bytes,
           last_error = NULL, claimed_until = NULL
         FROM unnest($9::text[], $10::text[], $11::int[]) AS j(vector_store_id, file_id, usage_bytes)
         WHERE f.vector_store_id = j.vector_store_id AND f.file_id = j.file_id
           AND f.claimed_by = $12 AND f.status = 'in_progress'
         RETURNING f.vector_store_id, f.file_id
       ), gone AS (
         DELETE FROM chunks c USING done
         WHERE c.vector_store_id = done.vector_store_id AND c.file_id = done.file_id
       ), added AS (
         ${CHUNK_COLUMNS}
         ${CHUNK_ROWS} JOIN done ON done.vector_store_id = c.vector_store_id AND done.file_id = c.file_id
       ), touched AS (
         UPDATE vector_stores SET last_active_at = $13 WHERE id IN (SELECT vector_store_id FROM done)
       )
       SELECT vector_store_id, file_id FROM done`,
      [
        ...chunkColumns(rows),
        jobs.map(({ job }) => job.vectorStoreId),
        jobs.map(({ job }) => job.fileId),
        jobs.map(({ usageBytes }) => usageBytes),
        replica,
        now(),
      ],
    );
    const key = (storeId: string, fileId: string) => `${storeId}\n${fileId}`;
    const completed = new Set(done.map((row) => key(row.vector_store_id, row.file_id)));
    return new Set(jobs.filter(({ job }) => completed.has(key(job.vectorStoreId, job.fileId))));
  }

  async failJob(job: IngestionJob, replica: string, error: LastError): Promise<void> {
    await this.db.query(
      `UPDATE vector_store_files SET status = 'failed', last_error = $4, claimed_until = NULL
       WHERE vector_store_id = $1 AND file_id = $2 AND claimed_by = $3 AND status = 'in_progress'`,
      [job.vectorStoreId, job.fileId, replica, JSON.stringify(error)],
    );
  }

  /** Extends this replica's lease while it still works on a long file. */
  async renewLease(job: IngestionJob, replica: string, leaseMs: number): Promise<void> {
    await this.db.query(
      `UPDATE vector_store_files SET claimed_until = now() + make_interval(secs => $4::double precision / 1000)
       WHERE vector_store_id = $1 AND file_id = $2 AND claimed_by = $3 AND status = 'in_progress'`,
      [job.vectorStoreId, job.fileId, replica, leaseMs],
    );
  }

  /** Files of every store by status, for /metrics. */
  async statusCounts(): Promise<Record<string, number>> {
    const { rows } = await this.db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM vector_store_files GROUP BY status',
    );
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }

  /**
   * One search, in one statement (see chunkSearchStatement): the stores among those asked that
   * the readers may read, and the best chunks found in them.
   */
  async searchChunks(
    request: ChunkSearchRequest,
  ): Promise<{ readableStoreIds: Set<string>; hits: ChunkHit[] }> {
    const statement = chunkSearchStatement(request);
    const { rows } = await this.db.query(statement.text, statement.values, {
      prepareAs: statement.name,
    });
    const readableStoreIds = new Set(rows.map((row) => row.readable_store_id as string));
    const hits = rows
      .filter((row) => row.file_id !== null)
      .map((row) => ({
        vectorStoreId: row.readable_store_id as string,
        fileId: row.file_id as string,
        filename: row.filename as string,
        title: row.title as string,
        text: row.text as string,
        attributes: row.attributes as Attributes,
        score: Number(row.score),
        textRank: Number(row.text_rank),
      }));
    return { readableStoreIds, hits };
  }

  /** The embedding model of each store, by id. */
  async embeddingModels(storeIds: readonly string[]): Promise<Map<string, string>> {
    const { rows } = await this.db.query<{ id: string; embedding_model: string }>(
      'SELECT id, embedding_model FROM vector_stores WHERE id = ANY($1::text[])',
      [storeIds],
    );
    return new Map(rows.map((row) => [row.id, row.embedding_model]));
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  /** Cursor pagination as OpenAI's lists do it: after/before name an object of the list. */
  private async page<T>(
    table: string,
    columns: string,
    where: string[],
    params: unknown[],
    page: PageRequest,
    map: (row: Row) => T,
    idColumn = 'id',
  ): Promise<Page<T>> {
    const conditions = [...where];
    const cursor = (id: string, forward: boolean) => {
      params.push(id);
      const operator = (page.order === 'asc') === forward ? '>' : '<';
      conditions.push(
        `(created_at, ${idColumn}) ${operator} (SELECT created_at, ${idColumn} FROM ${table} WHERE ${idColumn} = $${params.length} AND ${where[0]} LIMIT 1)`,
      );
    };
    if (page.after) cursor(page.after, true);
    if (page.before) cursor(page.before, false);
    params.push(page.limit + 1);
    const direction = page.order === 'asc' ? 'ASC' : 'DESC';
    const { rows } = await this.db.query(
      `SELECT ${columns} FROM ${table} WHERE ${conditions.join(' AND ')}
       ORDER BY created_at ${direction}, ${idColumn} ${direction} LIMIT $${params.length}`,
      params,
    );
    return { data: rows.slice(0, page.limit).map(map), hasMore: rows.length > page.limit };
  }
}

/** Milliseconds: lists order by it (OpenAI's objects show seconds). */
function now(): number {
  return Date.now();
}

/** $1 to $8 of CHUNK_ROWS: stores, files, positions, titles, texts, languages, embeddings, code. */
function chunkColumns(rows: readonly ChunkRow[]): unknown[] {
  return [
    rows.map((row) => row.job.vectorStoreId),
    rows.map((row) => row.job.fileId),
    rows.map((row) => row.position),
    rows.map((row) => row.chunk.title),
    rows.map((row) => row.chunk.text),
    rows.map((row) => row.chunk.language),
    rows.map((row) => realArrayLiteral(row.chunk.embedding)),
    rows.map((row) => row.chunk.code),
  ];
}

function fileOf(row: Row): StoredFile {
  return {
    id: row.id as string,
    ownerId: row.owner_id as string,
    filename: row.filename as string,
    purpose: row.purpose as string,
    bytes: Number(row.bytes),
    contentHash: row.content_hash as string,
    createdAt: Number(row.created_at),
  };
}

function countsOf(row: Row): FileCounts {
  return {
    in_progress: Number(row.in_progress),
    completed: Number(row.completed),
    failed: Number(row.failed),
    cancelled: Number(row.cancelled),
    total: Number(row.total),
  };
}

function storeOf(row: Row): StoredVectorStore {
  return {
    id: row.id as string,
    ownerId: row.owner_id as string,
    name: (row.name as string | null) ?? null,
    metadata: (row.metadata as Record<string, string>) ?? {},
    embeddingModel: row.embedding_model as string,
    createdAt: Number(row.created_at),
    lastActiveAt: Number(row.last_active_at),
    fileCounts: countsOf(row),
    usageBytes: Number(row.usage_bytes),
  };
}

function storeFileOf(row: Row): StoredStoreFile {
  return {
    fileId: row.file_id as string,
    vectorStoreId: row.vector_store_id as string,
    ownerId: row.owner_id as string,
    batchId: (row.batch_id as string | null) ?? null,
    status: row.status as StoredStoreFile['status'],
    lastError: (row.last_error as LastError | null) ?? null,
    attributes: (row.attributes as Attributes) ?? {},
    chunking: row.chunking as ChunkingSettings,
    usageBytes: Number(row.usage_bytes),
    createdAt: Number(row.created_at),
  };
}
