import type { Registry } from 'prom-client';
import { CounterSeries, type CounterChild } from './series/counter-series';
import { HistogramSeries, type HistogramChild } from './series/histogram-series';
import { LabelChildren } from './label-children';
import { LATENCY_BUCKETS } from './metric-buckets';

/** quarry_proxy_*: requests forwarded to each sibling service. */
export class ProxyMetrics {
  private readonly requests: LabelChildren<CounterChild>;
  private readonly duration: LabelChildren<HistogramChild>;
  private readonly upstreamFailures: LabelChildren<CounterChild>;

  constructor(registry: Registry) {
    const requests = new CounterSeries({
      name: 'quarry_proxy_requests_total',
      help: 'Requests forwarded to a sibling service, by sibling and the status returned to the client.',
      labelNames: ['sibling', 'status'],
      registers: [registry],
    });
    const duration = new HistogramSeries({
      name: 'quarry_proxy_request_duration_seconds',
      help: 'Time to forward a request and stream the sibling reply back, by sibling.',
      labelNames: ['sibling'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const failures = new CounterSeries({
      name: 'quarry_proxy_upstream_failures_total',
      help: 'Proxied requests answered 502 (sibling unreachable or bad gateway) or 504 (sibling timed out).',
      labelNames: ['sibling', 'status'],
      registers: [registry],
    });
    this.requests = new LabelChildren((sibling, status) => requests.labels(sibling, status));
    this.duration = new LabelChildren((sibling) => duration.labels(sibling));
    this.upstreamFailures = new LabelChildren((sibling, status) =>
      failures.labels(sibling, status),
    );
  }

  record(sibling: string, status: number, seconds: number): void {
    const statusText = STATUS_TEXT[status] ?? String(status);
    this.requests.get(sibling, statusText).inc();
    this.duration.get(sibling).observe(seconds);
    if (status === 502 || status === 504) this.upstreamFailures.get(sibling, statusText).inc();
  }
}

// The common statuses as ready strings, so recording them builds none.
const STATUS_TEXT: Record<number, string> = Object.fromEntries(
  [200, 201, 204, 301, 302, 304, 400, 401, 403, 404, 429, 500, 502, 503, 504].map((status) => [
    status,
    String(status),
  ]),
);
