import type { Registry } from 'prom-client';
import { CounterSeries, type CounterChild } from './series/counter-series';
import { HistogramSeries, type HistogramChild } from './series/histogram-series';
import { LATENCY_BUCKETS } from './metric-buckets';

interface RequestChildren {
  readonly count: CounterChild;
  readonly duration: HistogramChild;
}

/** Requests not matched by any route share one label value: raw paths would be unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** quarry_http_requests_total and quarry_http_request_duration_seconds, by method, route template and status. */
export class HttpRequestMetrics {
  private readonly count: CounterSeries<'method' | 'route' | 'status'>;
  private readonly duration: HistogramSeries<'method' | 'route' | 'status'>;
  // route -> method -> status: three Map lookups per request and no key string built.
  private readonly children = new Map<string, Map<string, Map<number, RequestChildren>>>();

  constructor(registry: Registry) {
    this.count = new CounterSeries({
      name: 'quarry_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    this.duration = new HistogramSeries({
      name: 'quarry_http_request_duration_seconds',
      help: 'Time from the request arriving to the response ending (a whole stream for streamed answers).',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
  }

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.children.get(route);
    if (!byMethod) this.children.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let children = byStatus.get(status);
    if (!children) {
      const labels = [method, route, String(status)];
      children = { count: this.count.labels(...labels), duration: this.duration.labels(...labels) };
      byStatus.set(status, children);
    }
    children.count.inc();
    children.duration.observe(seconds);
  }
}
