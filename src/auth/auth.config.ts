import { registerAs } from '@nestjs/config';
import { IsBoolean, IsInt, IsOptional, Min } from 'class-validator';
import { BooleanFlag } from '../common/config/env-transformers';
import { validateEnv } from '../common/config/validate-env';

class AuthEnv {
  @IsOptional()
  @BooleanFlag()
  @IsBoolean()
  readonly AUTH_REQUIRED?: boolean;

  @IsInt()
  @Min(1)
  readonly AUTH_TIMEOUT_MS: number = 5_000;

  @IsInt()
  @Min(0)
  readonly AUTH_CACHE_TTL_MS: number = 30_000;
}

export const authConfig = registerAs('auth', () => {
  const env = validateEnv(AuthEnv);
  return {
    /** Unset: on in production, off elsewhere. */
    required: env.AUTH_REQUIRED ?? process.env.NODE_ENV === 'production',
    timeoutMs: env.AUTH_TIMEOUT_MS,
    /** 0 turns the cache of successful validations off. */
    cacheTtlMs: env.AUTH_CACHE_TTL_MS,
  };
});

export type AuthConfig = ReturnType<typeof authConfig>;
