import type { Registry } from 'prom-client';
import { CounterSeries, type CounterChild } from './series/counter-series';
import { HistogramSeries, type HistogramChild } from './series/histogram-series';
import { LATENCY_BUCKETS } from './metric-buckets';

export type ModelCallKind = 'chat' | 'embed';

/** The series of one model and call kind, bound once when the model is first used. */
export interface ModelCallSeries {
  readonly succeeded: CounterChild;
  readonly failed: CounterChild;
  readonly aborted: CounterChild;
  readonly duration: HistogramChild;
  readonly firstToken: HistogramChild;
  readonly tokensIn: CounterChild;
  readonly tokensOut: CounterChild;
  failure(reason: string): void;
}

/** quarry_model_*: calls to model providers, per provider, model and kind (chat, embed). */
export class ModelCallMetrics {
  private readonly calls: CounterSeries<'provider' | 'model' | 'kind' | 'outcome'>;
  private readonly duration: HistogramSeries<'provider' | 'model' | 'kind'>;
  private readonly firstToken: HistogramSeries<'provider' | 'model'>;
  private readonly failures: CounterSeries<'provider' | 'model' | 'kind' | 'reason'>;
  private readonly tokens: CounterSeries<'provider' | 'model' | 'direction'>;

  constructor(registry: Registry) {
    this.calls = new CounterSeries({
      name: 'quarry_model_calls_total',
      help: 'Model calls, by provider name, model key, kind (chat, embed) and outcome (ok, failed, aborted).',
      labelNames: ['provider', 'model', 'kind', 'outcome'],
      registers: [registry],
    });
    this.duration = new HistogramSeries({
      name: 'quarry_model_call_duration_seconds',
      help: 'Duration of a model call, to the last chunk for streamed answers.',
      labelNames: ['provider', 'model', 'kind'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.firstToken = new HistogramSeries({
      name: 'quarry_model_time_to_first_token_seconds',
      help: 'Time from a streamed chat call starting to its first text chunk.',
      labelNames: ['provider', 'model'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.failures = new CounterSeries({
      name: 'quarry_model_call_failures_total',
      help: 'Failed model calls by reason (auth_failed, rate_limited, model_not_found, unreachable, timeout, bad_response, invalid_request, context_too_long, other).',
      labelNames: ['provider', 'model', 'kind', 'reason'],
      registers: [registry],
    });
    this.tokens = new CounterSeries({
      name: 'quarry_model_tokens_total',
      help: 'Tokens the provider reported, by direction (in: prompt, out: completion); only where reported.',
      labelNames: ['provider', 'model', 'direction'],
      registers: [registry],
    });
  }

  series(provider: string, model: string, kind: ModelCallKind): ModelCallSeries {
    return {
      succeeded: this.calls.labels(provider, model, kind, 'ok'),
      failed: this.calls.labels(provider, model, kind, 'failed'),
      aborted: this.calls.labels(provider, model, kind, 'aborted'),
      duration: this.duration.labels(provider, model, kind),
      firstToken: this.firstToken.labels(provider, model),
      tokensIn: this.tokens.labels(provider, model, 'in'),
      tokensOut: this.tokens.labels(provider, model, 'out'),
      failure: (reason) => this.failures.labels(provider, model, kind, reason).inc(),
    };
  }
}
