import { ThrottlerStorageService } from '@nestjs/throttler';
import type { KeyValueCache } from '../common/cache/key-value-cache';
import type { SharedCacheFactory } from '../common/cache/shared-cache.factory';
import { UnauthenticatedCallerLimiter } from './unauthenticated-caller.limiter';

/** Redis as two replicas see it: one counter storage and one marker cache for both. */
class SharedMap implements KeyValueCache {
  readonly backend = 'redis' as const;
  private readonly entries = new Map<string, string>();
  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.entries.get(key));
  }
  set(key: string, value: string): Promise<void> {
    this.entries.set(key, value);
    return Promise.resolve();
  }
}

function replicas(limit: number, count = 1) {
  const storage = new ThrottlerStorageService();
  const markers = new SharedMap();
  const caches = { create: () => markers } as unknown as SharedCacheFactory;
  const config = {
    rateLimitMax: limit,
    rateLimitWindowMs: 60_000,
    searchMaxConcurrentPerClient: 0,
  };
  const limiters = Array.from(
    { length: count },
    () => new UnauthenticatedCallerLimiter(config, storage, caches),
  );
  return { limiters, storage };
}

describe('UnauthenticatedCallerLimiter', () => {
  it('refuses an address with 429 and Retry-After once it has spent its budget, and no other', async () => {
    const { limiters, storage } = replicas(3);
    const [limiter] = limiters;
    for (let i = 0; i < 3; i++) {
      await expect(limiter.admit('203.0.113.7')).resolves.toBeUndefined();
      await limiter.charge('203.0.113.7');
    }
    await expect(limiter.admit('203.0.113.7')).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': expect.stringMatching(/^[1-9]\d*$/) },
    });
    await expect(limiter.admit('198.51.100.1')).resolves.toBeUndefined();
    storage.onApplicationShutdown();
  });

  it('tells the other replicas, which counted none of it themselves', async () => {
    const { limiters, storage } = replicas(2, 2);
    const [a, b] = limiters;
    await a.charge('203.0.113.8');
    await b.charge('203.0.113.8');
    // b counted the last one; a learns it from the shared marker before asking anyone.
    await expect(a.admit('203.0.113.8')).rejects.toMatchObject({ statusCode: 429 });
    storage.onApplicationShutdown();
  });

  it('limits nothing with RATE_LIMIT_MAX=0', async () => {
    const { limiters, storage } = replicas(0);
    for (let i = 0; i < 5; i++) await limiters[0].charge('203.0.113.9');
    await expect(limiters[0].admit('203.0.113.9')).resolves.toBeUndefined();
    storage.onApplicationShutdown();
  });
});
