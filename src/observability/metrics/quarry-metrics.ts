import { collectDefaultMetrics, Registry } from 'prom-client';
import { AuthMetrics } from './auth.metrics';
import { HttpRequestMetrics } from './http-request.metrics';
import { MetaSearchMetrics } from './meta-search.metrics';
import { ModelCallMetrics } from './model-call.metrics';
import { ProxyMetrics } from './proxy.metrics';
import { SearchMetrics } from './search.metrics';
import { TrafficMetrics } from './traffic.metrics';
import { WebhookMetrics } from './webhook.metrics';

/**
 * Every quarry_ series, in one registry of its own (not prom-client's global one, so two apps in
 * one test process never collide). Features record through the area they belong to.
 */
export class QuarryMetrics {
  readonly registry = new Registry();
  readonly http = new HttpRequestMetrics(this.registry);
  readonly proxy = new ProxyMetrics(this.registry);
  readonly search = new SearchMetrics(this.registry);
  readonly metaSearch = new MetaSearchMetrics(this.registry);
  readonly models = new ModelCallMetrics(this.registry);
  readonly auth = new AuthMetrics(this.registry);
  readonly webhooks = new WebhookMetrics(this.registry);
  readonly traffic = new TrafficMetrics(this.registry);

  /** eventLoopResolutionMs: how often the event-loop lag is sampled (METRICS_EVENT_LOOP_RESOLUTION_MS). */
  constructor(eventLoopResolutionMs = 50) {
    // Process and Node metrics, event-loop lag included (quarry_nodejs_eventloop_lag_seconds).
    collectDefaultMetrics({
      register: this.registry,
      prefix: 'quarry_',
      eventLoopMonitoringPrecision: eventLoopResolutionMs,
    });
  }

  /** The Prometheus text exposition of every series. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** QuarryMetrics, or null when METRICS_ENABLED=false: hook points record with `metrics?.`. */
export const QUARRY_METRICS = Symbol('observability:metrics');
