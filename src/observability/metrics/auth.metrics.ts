import type { Registry } from 'prom-client';
import { CounterSeries, type CounterChild } from './series/counter-series';

export type AuthServiceOutcome = 'valid' | 'rejected' | 'unavailable';

/** quarry_auth_*: bearer validations answered from a cache or by the auth service. */
export class AuthMetrics {
  private readonly memoryHits: CounterChild;
  private readonly sharedHits: CounterChild;
  private readonly calls: Record<AuthServiceOutcome, CounterChild>;
  private readonly failures: Record<'rejected' | 'unavailable', CounterChild>;

  constructor(registry: Registry) {
    const hits = new CounterSeries({
      name: 'quarry_auth_cache_hits_total',
      help: 'Bearer validations answered from a cache: memory (this replica) or shared (Redis).',
      labelNames: ['cache'],
      registers: [registry],
    });
    const calls = new CounterSeries({
      name: 'quarry_auth_service_calls_total',
      help: 'Calls to the auth service, by outcome (valid, rejected, unavailable).',
      labelNames: ['outcome'],
      registers: [registry],
    });
    const failures = new CounterSeries({
      name: 'quarry_auth_failures_total',
      help: 'Validations that failed: token rejected by the auth service, or the service unavailable.',
      labelNames: ['reason'],
      registers: [registry],
    });
    this.memoryHits = hits.labels('memory');
    this.sharedHits = hits.labels('shared');
    this.calls = {
      valid: calls.labels('valid'),
      rejected: calls.labels('rejected'),
      unavailable: calls.labels('unavailable'),
    };
    this.failures = {
      rejected: failures.labels('rejected'),
      unavailable: failures.labels('unavailable'),
    };
  }

  cacheHit(cache: 'memory' | 'shared'): void {
    (cache === 'memory' ? this.memoryHits : this.sharedHits).inc();
  }

  serviceCall(outcome: AuthServiceOutcome): void {
    this.calls[outcome].inc();
    if (outcome !== 'valid') this.failures[outcome].inc();
  }
}
