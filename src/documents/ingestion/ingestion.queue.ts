import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { ModelSelector } from '../../providers';
import { QUARRY_METRICS, type QuarryMetrics } from '../../observability';
import { documentsConfig, type DocumentsConfig } from '../documents.config';
import type { ChunkToStore } from '../documents.types';
import { hasStoredDocuments } from '../storage/database.provider';
import type { LazyDatabase } from '../storage/lazy.database';
import { SQL_DATABASE } from '../storage/sql-database';
import {
  DocumentsRepository,
  type ClaimedJob,
  type CompletedJob,
} from '../storage/documents.repository';
import { CoalescingWriter } from '../storage/coalescing-writer';
import { UnreadableFileError } from './binary-text.extractor';
import { chunkDocument } from './document-chunker';
import { documentText } from './document-text';
import { IngestionMetrics } from './ingestion.metrics';
import { textSearchConfigOf } from './text-search-language';

const EMBEDDING_BATCH = 64;
/** Heap of the worker that reads one PDF or DOCX; past it the file fails, the service goes on. */
const WORKER_HEAP_MB = 256;
const WORKER_TIMEOUT_MS = 60_000;

/**
 * The background queue: the database's in_progress rows are the jobs, so every replica sees
 * every job and claims it once (FOR UPDATE SKIP LOCKED); at most INGESTION_CONCURRENCY files are
 * worked on here at a time, each under a lease renewed while it runs. Free slots are filled in
 * one claim, and files that finish together are stored together (one statement, one commit).
 * Idle replicas poll for work another accepted; the one that accepted it is woken at once.
 */
@Injectable()
export class IngestionQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Ingestion');
  readonly replicaId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private running = 0;
  private claiming = false;
  private wokenWhileClaiming = false;
  private stopped = false;
  private poller?: NodeJS.Timeout;
  private readonly metrics?: IngestionMetrics;
  private readonly active = new Set<Promise<void>>();
  /** Files finished while another's chunks are being written are written together, next. */
  private readonly completions = new CoalescingWriter<CompletedJob>((jobs) =>
    this.repository.completeJobs(this.replicaId, jobs),
  );

  constructor(
    private readonly repository: DocumentsRepository,
    @Inject(SQL_DATABASE) private readonly db: LazyDatabase,
    private readonly models: ModelSelector,
    @Inject(documentsConfig.KEY) private readonly config: DocumentsConfig,
    @Optional() @Inject(QUARRY_METRICS) metrics: QuarryMetrics | null = null,
  ) {
    if (metrics) {
      this.metrics = new IngestionMetrics(metrics, () =>
        this.db.inUse ? repository.statusCounts() : Promise.resolve({}),
      );
    }
  }

  /** Work may wait from before (a server, or an embedded database written before): look for it. */
  onApplicationBootstrap(): void {
    if (hasStoredDocuments(this.config)) this.wake();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poller);
    // A job cut short here is claimed again by a replica once its lease has run out.
    await Promise.allSettled([...this.active]);
  }

  /** Claims work while there is some and a slot is free. */
  wake(): void {
    if (this.stopped) return;
    if (!this.poller) {
      this.poller = setInterval(() => this.wake(), this.config.ingestion.pollMs);
      this.poller.unref();
    }
    if (this.claiming) {
      // Work queued while a claim found none is claimed right after it, not at the next poll.
      this.wokenWhileClaiming = true;
      return;
    }
    this.claiming = true;
    this.wokenWhileClaiming = false;
    void this.claimWhileFree().finally(() => {
      this.claiming = false;
      if (this.wokenWhileClaiming) this.wake();
    });
  }

  /** Claims as many jobs as there are free slots, in one round trip, until none is left. */
  private async claimWhileFree(): Promise<void> {
    const { concurrency, leaseMs, maxAttempts } = this.config.ingestion;
    while (!this.stopped && this.running < concurrency) {
      const jobs = await this.repository
        .claimJobs(this.replicaId, leaseMs, maxAttempts, concurrency - this.running)
        .catch((error: Error) => {
          this.logger.warn(`could not claim ingestion work: ${error.message}`);
          return [];
        });
      if (jobs.length === 0) return;
      for (const job of jobs) this.start(job);
    }
  }

  private start(job: ClaimedJob): void {
    this.running++;
    const work = this.ingest(job).finally(() => {
      this.running--;
      this.active.delete(work);
      this.wake();
    });
    this.active.add(work);
  }

  private async ingest(job: ClaimedJob): Promise<void> {
    const { leaseMs } = this.config.ingestion;
    const renewal = setInterval(
      () => void this.repository.renewLease(job, this.replicaId, leaseMs).catch(() => undefined),
      Math.max(500, leaseMs / 3),
    );
    try {
      const chunks = await this.chunksOf(job);
      if (chunks === undefined) return;
      const usage = chunks.reduce(
        (sum, chunk) => sum + Buffer.byteLength(chunk.text) + chunk.embedding.length * 4,
        0,
      );
      await this.completions.add({ job, chunks, usageBytes: usage });
      this.metrics?.ingested('completed');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`file ${job.fileId} in ${job.vectorStoreId} failed: ${message}`);
      await this.repository
        .failJob(job, this.replicaId, {
          code: error instanceof UnreadableFileError ? 'invalid_file' : 'server_error',
          message,
        })
        .catch(() => undefined);
      this.metrics?.ingested('failed');
    } finally {
      clearInterval(renewal);
    }
  }

  private async chunksOf(job: ClaimedJob): Promise<ChunkToStore[] | undefined> {
    const { file } = job;
    if (!file) return undefined;
    const { maxTextChars } = this.config.ingestion;
    const text = await documentText(file.filename, file.content, {
      heapMb: WORKER_HEAP_MB,
      timeoutMs: WORKER_TIMEOUT_MS,
      maxChars: maxTextChars,
    });
    const chunks = chunkDocument(text, job.chunking);
    // Completed with nothing to find would look like a file that never matches.
    if (chunks.length === 0) {
      throw new UnreadableFileError(
        'the file has no text to search (it is empty, or only code or headings)',
      );
    }
    const language = textSearchConfigOf(
      chunks
        .slice(0, 3)
        .map((chunk) => chunk.text)
        .join(' '),
    );
    const [providerId, ...key] = job.embeddingModel.split('/');
    const model = this.models.embeddingModel({ providerId, key: key.join('/') }, 'embedding_model');
    const stored: ChunkToStore[] = [];
    for (let start = 0; start < chunks.length; start += EMBEDDING_BATCH) {
      const batch = chunks.slice(start, start + EMBEDDING_BATCH);
      const vectors = await model.embed(batch.map((chunk) => `${chunk.title}\n${chunk.text}`));
      batch.forEach((chunk, index) =>
        stored.push({ ...chunk, language, embedding: vectors[index] }),
      );
    }
    return stored;
  }
}
