import type { Registry } from 'prom-client';
import { CounterSeries } from './series/counter-series';

export type WebhookAttemptOutcome = 'ok' | 'http_error' | 'transport_error';

/** quarry_webhook_*: outbound webhook deliveries and their attempts. */
export class WebhookMetrics {
  private readonly attempts: CounterSeries<'method' | 'outcome'>;
  private readonly retries: CounterSeries<'method'>;
  private readonly deliveries: CounterSeries<'method' | 'outcome'>;

  constructor(registry: Registry) {
    this.attempts = new CounterSeries({
      name: 'quarry_webhook_attempts_total',
      help: 'Webhook attempts, by method and outcome (ok, http_error: a 5xx reply, transport_error).',
      labelNames: ['method', 'outcome'],
      registers: [registry],
    });
    this.retries = new CounterSeries({
      name: 'quarry_webhook_retries_total',
      help: 'Webhook attempts after the first (retries), by method.',
      labelNames: ['method'],
      registers: [registry],
    });
    this.deliveries = new CounterSeries({
      name: 'quarry_webhook_deliveries_total',
      help: 'Webhook deliveries by final outcome (delivered, failed after every attempt).',
      labelNames: ['method', 'outcome'],
      registers: [registry],
    });
  }

  attempt(method: string, attempt: number, outcome: WebhookAttemptOutcome): void {
    this.attempts.labels(method, outcome).inc();
    if (attempt > 1) this.retries.labels(method).inc();
  }

  delivery(method: string, outcome: 'delivered' | 'failed'): void {
    this.deliveries.labels(method, outcome).inc();
  }
}
