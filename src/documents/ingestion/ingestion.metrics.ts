import { Counter, Gauge } from 'prom-client';
import type { QuarryMetrics } from '../../observability';

/** Ingestion's progress in /metrics: files by status (read from the database at scrape), outcomes. */
export class IngestionMetrics {
  private readonly outcomes: Counter<'outcome'>;

  constructor(metrics: QuarryMetrics, statusCounts: () => Promise<Record<string, number>>) {
    new Gauge({
      name: 'quarry_documents_files',
      help: 'Files of every vector store by ingestion status (all replicas: read from the database)',
      labelNames: ['status'],
      registers: [metrics.registry],
      async collect() {
        const counts = await statusCounts().catch(() => ({}) as Record<string, number>);
        for (const status of ['in_progress', 'completed', 'failed', 'cancelled']) {
          this.set({ status }, counts[status] ?? 0);
        }
      },
    });
    this.outcomes = new Counter({
      name: 'quarry_documents_ingested_total',
      help: 'Files this replica ingested, by outcome (completed or failed)',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
  }

  ingested(outcome: 'completed' | 'failed'): void {
    this.outcomes.inc({ outcome });
  }
}
