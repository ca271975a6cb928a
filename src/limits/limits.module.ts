import { Module, type CanActivate } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ConfigModule } from '@nestjs/config';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { REDIS_THROTTLER_STORAGE } from '../common/redis/redis.tokens';
import { CallerThrottlerGuard } from './caller-throttler.guard';
import { FailoverThrottlerStorage } from './failover-throttler.storage';
import { limitsConfig } from './limits.config';
import { SearchConcurrencyGuard } from './search-concurrency.guard';
import { UnauthenticatedCallerLimiter } from './unauthenticated-caller.limiter';

const NO_RATE_LIMIT: CanActivate = { canActivate: () => true };

/** The rate-limit guard AppModule registers globally: the throttler, or one that lets all through. */
export const RATE_LIMIT_GUARD = Symbol('limits:rate-limit-guard');

/**
 * Per-caller rate limiting (429 with Retry-After; @SkipThrottle() opts a controller out) and the
 * search concurrency cap (@SearchConcurrencyLimited() opts a handler in). AppModule registers both
 * guards globally, after the auth guard, so the caller is known when they key their counts. The
 * auth guard applies UnauthenticatedCallerLimiter itself: its 401s never reach the throttler.
 */
@Module({
  imports: [
    ConfigModule.forFeature(limitsConfig),
    ThrottlerModule.forRootAsync({
      imports: [ConfigModule.forFeature(limitsConfig)],
      inject: [limitsConfig.KEY, REDIS_THROTTLER_STORAGE],
      useFactory: (
        config: ConfigType<typeof limitsConfig>,
        redisStorage: ThrottlerStorage | null,
      ) => ({
        throttlers: [
          { name: 'default', ttl: config.rateLimitWindowMs, limit: config.rateLimitMax },
        ],
        skipIf: () => config.rateLimitMax === 0,
        storage: new FailoverThrottlerStorage(redisStorage),
        errorMessage: 'Too many requests: slow down and retry after the time in Retry-After',
      }),
    }),
  ],
  providers: [
    CallerThrottlerGuard,
    {
      provide: RATE_LIMIT_GUARD,
      inject: [limitsConfig.KEY, CallerThrottlerGuard],
      // With RATE_LIMIT_MAX=0 no guard runs: the throttler would still read its route metadata
      // and await several promises per request only to let it through.
      useFactory: (config: ConfigType<typeof limitsConfig>, throttler: CallerThrottlerGuard) =>
        config.rateLimitMax === 0 ? NO_RATE_LIMIT : throttler,
    },
    SearchConcurrencyGuard,
    UnauthenticatedCallerLimiter,
  ],
  exports: [RATE_LIMIT_GUARD, SearchConcurrencyGuard, UnauthenticatedCallerLimiter],
})
export class LimitsModule {}
