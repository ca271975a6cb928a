import { registerAs } from '@nestjs/config';
import { IsInt, Max, Min } from 'class-validator';
import { validateEnv } from '../common/config/validate-env';

class HealthEnv {
  @IsInt() @Min(0) @Max(600_000) readonly READINESS_CACHE_MS: number = 5000;
}

export const healthConfig = registerAs('health', () => {
  const env = validateEnv(HealthEnv);
  return {
    /** How long one round of readiness probes answers every poll; 0 probes on every request. */
    readinessCacheMs: env.READINESS_CACHE_MS,
  };
});
