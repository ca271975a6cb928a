import type { Provider } from '@nestjs/common';
import { registerAs, type ConfigType } from '@nestjs/config';
import { IsBoolean, IsInt, IsOptional, Min } from 'class-validator';
import { serverConfig, type ServerConfig } from '../common/config/app.config';
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

  @IsInt()
  @Min(1)
  readonly AUTH_MAX_CONCURRENT_VALIDATIONS: number = 32;
}

/** Auth's own settings as given; AUTH_REQUIRED may be unset (see AUTH_CONFIG). */
export const authSettings = registerAs('auth', () => {
  const env = validateEnv(AuthEnv);
  return {
    required: env.AUTH_REQUIRED,
    timeoutMs: env.AUTH_TIMEOUT_MS,
    /** 0 turns the cache of successful validations off. */
    cacheTtlMs: env.AUTH_CACHE_TTL_MS,
    /** Auth-service calls at once; as many more wait, beyond that 503. */
    maxConcurrentValidations: env.AUTH_MAX_CONCURRENT_VALIDATIONS,
  };
});

export interface AuthConfig {
  /** AUTH_REQUIRED; unset: on in production, off elsewhere. */
  readonly required: boolean;
  readonly timeoutMs: number;
  readonly cacheTtlMs: number;
  readonly maxConcurrentValidations: number;
}

/** Auth's settings with AUTH_REQUIRED's default decided from NODE_ENV (the server's setting). */
export const AUTH_CONFIG = Symbol('auth:config');

export const authConfigProvider: Provider = {
  provide: AUTH_CONFIG,
  inject: [authSettings.KEY, serverConfig.KEY],
  useFactory: (settings: ConfigType<typeof authSettings>, server: ServerConfig): AuthConfig => ({
    ...settings,
    required: settings.required ?? server.nodeEnv === 'production',
  }),
};
