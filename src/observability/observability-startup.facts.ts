import { infoFact, type StartupFact } from '../common/logging/startup-facts';
import { isTracingOn } from '../common/tracing/tracing-state';
import type { ObservabilityConfig } from './observability.config';
import { tracesDestination } from './tracing/tracing.bootstrap';

/** Start-up lines: where metrics are scraped, and whether traces are exported and where. */
export function observabilityFacts(config: ObservabilityConfig): StartupFact[] {
  return [metricsFact(config), tracingFact()];
}

function metricsFact(config: ObservabilityConfig): StartupFact {
  if (!config.metricsEnabled) return infoFact('metrics off: METRICS_ENABLED is false');
  if (config.metricsPort !== undefined) {
    return infoFact(`metrics: GET /metrics on METRICS_PORT ${config.metricsPort} only`);
  }
  return infoFact(
    `metrics: GET /metrics on this port${config.metricsPublic ? ' (METRICS_PUBLIC: no token)' : ''}`,
  );
}

function tracingFact(): StartupFact {
  if (!isTracingOn()) {
    return infoFact(
      'tracing off: neither OTEL_EXPORTER_OTLP_ENDPOINT nor OTEL_TRACES_EXPORTER is set',
    );
  }
  return infoFact(`tracing on: spans exported by ${tracesDestination()}`);
}
