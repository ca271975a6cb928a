/**
 * What other modules may use of observability: the metrics they record at their hook points
 * (QUARRY_METRICS is null when metrics are off). Tracing helpers live in common/tracing.
 */
export { QUARRY_METRICS, type QuarryMetrics } from './metrics/quarry-metrics';
export { SearchMetrics, type SearchOutcome, type SearchStep } from './metrics/search.metrics';
export {
  addressLabel,
  type MetaSearchFailure,
  type MetaSearchRecorder,
} from './metrics/meta-search.metrics';
