export { QUARRY_METRICS } from './metrics/quarry-metrics';

/** ObservedModels, or null when neither metrics nor tracing is on (models are then not wrapped). */
export const MODEL_CALL_OBSERVER = Symbol('observability:model-call-observer');
