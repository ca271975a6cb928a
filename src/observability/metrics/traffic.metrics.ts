import type { Registry } from 'prom-client';
import { CounterSeries, type CounterChild } from './series/counter-series';
import { GaugeSeries, type GaugeChild } from './series/gauge-series';
import { LabelChildren } from './label-children';

export type RateLimit = 'rate' | 'concurrency';

/** quarry_active_streams and quarry_rate_limit_rejections_total. */
export class TrafficMetrics {
  private readonly streams: LabelChildren<GaugeChild>;
  private readonly rejections: Record<RateLimit, CounterChild>;

  constructor(registry: Registry) {
    const streams = new GaugeSeries({
      name: 'quarry_active_streams',
      help: 'Streamed responses (search NDJSON, chat completion SSE) open now, by route template.',
      labelNames: ['route'],
      registers: [registry],
    });
    const rejections = new CounterSeries({
      name: 'quarry_rate_limit_rejections_total',
      help: 'Requests refused with 429, by limit: rate (RATE_LIMIT_MAX per window) or concurrency (searches at once).',
      labelNames: ['limit'],
      registers: [registry],
    });
    this.streams = new LabelChildren((route) => streams.labels(route));
    this.rejections = {
      rate: rejections.labels('rate'),
      concurrency: rejections.labels('concurrency'),
    };
  }

  /** Counts a stream as open; the returned function counts it closed (once). */
  streamOpened(route: string): () => void {
    const gauge = this.streams.get(route);
    gauge.inc();
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      gauge.dec();
    };
  }

  rejected(limit: RateLimit): void {
    this.rejections[limit].inc();
  }
}
