import { Inject, Injectable, Optional } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import { LRUCache } from 'lru-cache';
import type { KeyValueCache } from '../common/cache/key-value-cache';
import { SharedCacheFactory } from '../common/cache/shared-cache.factory';
import { QuarryError } from '../common/errors/quarry.error';
import { QUARRY_METRICS, type QuarryMetrics } from '../observability';
import { addressCallerKey, rateLimitKeyOf } from './caller-key';
import { limitsConfig } from './limits.config';

// The throttler's own name: a refused attempt and an anonymous request to a public route draw on
// the same per-address budget.
const THROTTLER_NAME = 'default';
const MAX_SPENT_ADDRESSES = 10_000;

/** An address that spent its budget on requests without valid credentials. */
export class UnauthenticatedTooManyRequestsError extends QuarryError {
  constructor(retryAfterSeconds: number) {
    super('Too many requests: slow down and retry after the time in Retry-After', 429, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/**
 * The rate limit of callers that have not authenticated: every request answered 401 (no, malformed
 * or refused token) counts against its client address, in the RATE_LIMIT_MAX per
 * RATE_LIMIT_WINDOW_MS budget and the storage of every other caller (Redis when configured). Once
 * an address has spent it, its requests are refused with 429 before anyone asks the auth service.
 */
@Injectable()
export class UnauthenticatedCallerLimiter {
  // Spent addresses, until their window ends: refused without a round trip to Redis. The shared
  // marker tells the other replicas, which never counted this address's last refusal themselves.
  private readonly spentHere = new LRUCache<string, true>({ max: MAX_SPENT_ADDRESSES });
  private readonly spentShared: KeyValueCache;

  constructor(
    @Inject(limitsConfig.KEY) private readonly config: ConfigType<typeof limitsConfig>,
    @Inject(getStorageToken()) private readonly storage: ThrottlerStorage,
    caches: SharedCacheFactory,
    @Optional() @Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null = null,
  ) {
    this.spentShared = caches.create({
      namespace: 'unauthenticated-spent',
      maxEntries: MAX_SPENT_ADDRESSES,
    });
  }

  /** Resolves while the address may still try; throws 429 once it has spent its budget. */
  async admit(address: string): Promise<void> {
    if (this.config.rateLimitMax === 0) return;
    const key = this.keyOf(address);
    if (this.spentHere.has(key)) this.refuse(this.spentHere.getRemainingTTL(key));
    const until = Number(await this.spentShared.get(key));
    if (until > Date.now()) {
      this.spentHere.set(key, true, { ttl: until - Date.now() });
      this.refuse(until - Date.now());
    }
  }

  /** Counts one request from the address that is answered 401. */
  async charge(address: string): Promise<void> {
    const { rateLimitMax: limit, rateLimitWindowMs: windowMs } = this.config;
    if (limit === 0) return;
    const key = this.keyOf(address);
    const record = await this.storage.increment(key, windowMs, limit, windowMs, THROTTLER_NAME);
    if (record.totalHits < limit) return;
    // This request was the last the budget allowed: the next ones are refused until it renews.
    const ttlMs =
      Math.max(record.isBlocked ? record.timeToBlockExpire : record.timeToExpire, 1) * 1000;
    this.spentHere.set(key, true, { ttl: ttlMs });
    await this.spentShared.set(key, String(Date.now() + ttlMs), ttlMs);
  }

  private keyOf(address: string): string {
    return rateLimitKeyOf(addressCallerKey(address), THROTTLER_NAME);
  }

  private refuse(remainingMs: number): never {
    this.metrics?.traffic.rejected('rate');
    throw new UnauthenticatedTooManyRequestsError(Math.max(1, Math.ceil(remainingMs / 1000)));
  }
}
