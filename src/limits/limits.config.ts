import { registerAs } from '@nestjs/config';
import { IsInt, Min } from 'class-validator';
import { validateEnv } from '../common/config/validate-env';

class LimitsEnv {
  /** Requests per caller per window, every route together; 0 turns rate limiting off. */
  @IsInt()
  @Min(0)
  readonly RATE_LIMIT_MAX: number = 300;

  @IsInt()
  @Min(1000)
  readonly RATE_LIMIT_WINDOW_MS: number = 60_000;

  /** Searches (POST /api/search, /v1/chat/completions) one caller may run at once; 0 = no cap. */
  @IsInt()
  @Min(0)
  readonly SEARCH_MAX_CONCURRENT_PER_CLIENT: number = 4;
}

export const limitsConfig = registerAs('limits', () => {
  const env = validateEnv(LimitsEnv);
  return {
    rateLimitMax: env.RATE_LIMIT_MAX,
    rateLimitWindowMs: env.RATE_LIMIT_WINDOW_MS,
    searchMaxConcurrentPerClient: env.SEARCH_MAX_CONCURRENT_PER_CLIENT,
  };
});
