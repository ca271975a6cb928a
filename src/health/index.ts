/** What other modules may use of health: the registry their readiness checks join. */
export type { ReadinessCheck, ReadinessResult } from './readiness-check';
export { ReadinessRegistry } from './readiness.registry';
