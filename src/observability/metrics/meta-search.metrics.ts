import type { Registry } from 'prom-client';
import { CounterSeries, type CounterChild } from './series/counter-series';
import { HistogramSeries, type HistogramChild } from './series/histogram-series';
import { LabelChildren } from './label-children';
import { LATENCY_BUCKETS } from './metric-buckets';

export type MetaSearchFailure = 'timeout' | 'connection' | 'http_5xx' | 'http_4xx' | 'bad_reply';

/** What a meta-search client reports about each address it tries. */
export interface MetaSearchRecorder {
  /** One request to one address; `failure` unset when it answered with results. */
  attempt(backend: string, address: string, seconds: number, failure?: MetaSearchFailure): void;
  /** The next address is tried after this one failed. */
  failover(backend: string): void;
}

/** quarry_meta_search_*: calls to SearxNG (or the search sibling) per backend address. */
export class MetaSearchMetrics implements MetaSearchRecorder {
  private readonly ok: LabelChildren<CounterChild>;
  private readonly failed: LabelChildren<CounterChild>;
  private readonly duration: LabelChildren<HistogramChild>;
  private readonly failures: CounterSeries<'backend' | 'address' | 'reason'>;
  private readonly failovers: LabelChildren<CounterChild>;

  constructor(registry: Registry) {
    const requests = new CounterSeries({
      name: 'quarry_meta_search_requests_total',
      help: 'Meta-search requests, by backend, address (origin and path, never credentials) and outcome.',
      labelNames: ['backend', 'address', 'outcome'],
      registers: [registry],
    });
    const duration = new HistogramSeries({
      name: 'quarry_meta_search_request_duration_seconds',
      help: 'Duration of one meta-search request to one address.',
      labelNames: ['backend', 'address'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.failures = new CounterSeries({
      name: 'quarry_meta_search_failures_total',
      help: 'Failed meta-search requests by reason (timeout, connection, http_5xx, http_4xx, bad_reply).',
      labelNames: ['backend', 'address', 'reason'],
      registers: [registry],
    });
    const failovers = new CounterSeries({
      name: 'quarry_meta_search_failovers_total',
      help: 'Times the next meta-search address was tried after one failed.',
      labelNames: ['backend'],
      registers: [registry],
    });
    this.ok = new LabelChildren((backend, address) => requests.labels(backend, address, 'ok'));
    this.failed = new LabelChildren((backend, address) =>
      requests.labels(backend, address, 'failed'),
    );
    this.duration = new LabelChildren((backend, address) => duration.labels(backend, address));
    this.failovers = new LabelChildren((backend) => failovers.labels(backend));
  }

  attempt(backend: string, address: string, seconds: number, failure?: MetaSearchFailure): void {
    this.duration.get(backend, address).observe(seconds);
    if (failure === undefined) {
      this.ok.get(backend, address).inc();
      return;
    }
    this.failed.get(backend, address).inc();
    this.failures.labels(backend, address, failure).inc();
  }

  failover(backend: string): void {
    this.failovers.get(backend).inc();
  }
}

/** The address as a label: origin and path only, so credentials in a URL never become a label. */
export function addressLabel(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return 'invalid';
  }
}
