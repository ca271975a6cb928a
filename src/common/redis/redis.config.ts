import { registerAs } from '@nestjs/config';
import { IsOptional, IsUrl } from 'class-validator';
import { REDIS_URL } from '../config/url-options';
import { validateEnv } from '../config/validate-env';

export class RedisEnv {
  @IsOptional()
  @IsUrl(REDIS_URL, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  readonly REDIS_URL?: string;
}

/** The shared Redis (caches, rate-limit counters); unset means in memory per replica. */
export const redisConfig = registerAs('redis', () => {
  const env = validateEnv(RedisEnv);
  return { url: env.REDIS_URL };
});
