/** What other modules may use of health: the registry their readiness checks join. */
export type { ReadinessCheck, ReadinessResult } from './readiness-check';
export { ReadinessRegistry } from './readiness.registry';
/** The readiness report, which the metrics listener serves on METRICS_PORT with its detail. */
export { ReadinessService } from './readiness.service';
export type { ReadinessReport } from './readiness-report';
