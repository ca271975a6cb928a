import { registerAs } from '@nestjs/config';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { BooleanFlag } from '../common/config/env-transformers';
import { validateEnv } from '../common/config/validate-env';

/**
 * How often the event-loop lag is sampled. Every sample wakes the process: at prom-client's 10 ms
 * that was 100 wake-ups a second, as many as a model streaming a token every 10 ms brings, and a
 * quarter of the CPU of such a streamed search (docs/benchmarks.md, round four). At 50 ms a stall
 * of 50 ms or more is always seen and a shorter one in proportion to its length; 300 samples per
 * 15 s scrape still give the percentiles.
 */
const DEFAULT_EVENT_LOOP_RESOLUTION_MS = 50;

export class ObservabilityEnv {
  @BooleanFlag()
  @IsBoolean()
  readonly METRICS_ENABLED: boolean = true;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  readonly METRICS_PORT?: number;

  @BooleanFlag()
  @IsBoolean()
  readonly METRICS_PUBLIC: boolean = false;

  @IsInt()
  @Min(1)
  @Max(60_000)
  readonly METRICS_EVENT_LOOP_RESOLUTION_MS: number = DEFAULT_EVENT_LOOP_RESOLUTION_MS;
}

/** Metrics settings; tracing itself is configured by the standard OTEL_* variables. */
export const observabilityConfig = registerAs('observability', () => {
  const env = validateEnv(ObservabilityEnv);
  return {
    metricsEnabled: env.METRICS_ENABLED,
    /** Set: /metrics is served only there, without authentication; unset: on the main port. */
    metricsPort: env.METRICS_PORT,
    /** On the main port with AUTH_REQUIRED, /metrics needs a bearer token unless this is true. */
    metricsPublic: env.METRICS_PUBLIC,
    /** Sampling interval of quarry_nodejs_eventloop_lag_* (prom-client's eventLoopMonitoringPrecision). */
    eventLoopResolutionMs: env.METRICS_EVENT_LOOP_RESOLUTION_MS,
  };
});

export type ObservabilityConfig = ReturnType<typeof observabilityConfig>;
