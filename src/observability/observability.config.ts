import { registerAs } from '@nestjs/config';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { BooleanFlag } from '../common/config/env-transformers';
import { validateEnv } from '../common/config/validate-env';

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
  };
});

export type ObservabilityConfig = ReturnType<typeof observabilityConfig>;
