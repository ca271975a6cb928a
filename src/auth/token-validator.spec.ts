import { createHash } from 'node:crypto';
import type { SharedCacheFactory } from '../common/cache/shared-cache.factory';
import type { KeyValueCache } from '../common/cache/key-value-cache';
import type { UnauthenticatedCallerLimiter } from '../limits';
import { UnauthenticatedError } from './auth.errors';
import type { AuthConfig } from './auth.config';
import type { AuthServiceClient } from './auth-service.client';
import { TokenValidator } from './token-validator.service';

/** A shared cache whose entries the test can read and plant, as another replica would. */
class MapCache implements KeyValueCache {
  readonly backend = 'memory' as const;
  readonly entries = new Map<string, string>();
  gets = 0;
  get(key: string): Promise<string | undefined> {
    this.gets += 1;
    return Promise.resolve(this.entries.get(key));
  }
  set(key: string, value: string): Promise<void> {
    this.entries.set(key, value);
    return Promise.resolve();
  }
}

const ADDRESS = '203.0.113.7';

/** The per-address limit as the validator sees it: what it charged, and an address to refuse. */
class LimiterStub {
  readonly charged: string[] = [];
  spent?: string;
  admit(address: string): Promise<void> {
    return address === this.spent
      ? Promise.reject(new Error(`429 for ${address}`))
      : Promise.resolve();
  }
  charge(address: string): Promise<void> {
    this.charged.push(address);
    return Promise.resolve();
  }
}

/** The auth service accepts tokens starting "tok" and refuses the rest; `calls` lists every call. */
function validatorWith(cacheTtlMs: number) {
  const cache = new MapCache();
  const calls: string[] = [];
  const authService = {
    me: async (token: string) => {
      calls.push(token);
      await Promise.resolve();
      if (!token.startsWith('t')) throw UnauthenticatedError.rejected();
      return { id: `user-of-${token}` };
    },
  } as unknown as AuthServiceClient;
  const config = { required: true, timeoutMs: 1000, cacheTtlMs } as AuthConfig;
  const caches = { create: () => cache } as unknown as SharedCacheFactory;
  const limiter = new LimiterStub();
  const validator = new TokenValidator(
    authService,
    config,
    caches,
    limiter as unknown as UnauthenticatedCallerLimiter,
  );
  return { validator, cache, calls, limiter };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

describe('TokenValidator', () => {
  it('answers a token it validated before synchronously, without the shared cache or the auth service', async () => {
    const { validator, cache, calls } = validatorWith(30_000);
    await expect(validator.authenticate('Bearer tok-a', ADDRESS)).resolves.toMatchObject({
      id: 'user-of-tok-a',
    });
    const gets = cache.gets;

    const again = validator.authenticate('Bearer tok-a', ADDRESS);
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toMatchObject({ id: 'user-of-tok-a' });
    expect(calls).toEqual(['tok-a']);
    expect(cache.gets).toBe(gets);
    // The shared entry is keyed by the token's hash, never the token.
    expect([...cache.entries.keys()]).toEqual([hashOf('tok-a')]);
  });

  it('asks the auth service again once the validation has lapsed', async () => {
    const { validator, calls } = validatorWith(40);
    await validator.authenticate('Bearer tok-b', ADDRESS);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await validator.authenticate('Bearer tok-b', ADDRESS);
    expect(calls).toEqual(['tok-b', 'tok-b']);
  });

  it('takes a validation another replica cached, until the expiry that replica stored', async () => {
    const { validator, cache, calls } = validatorWith(30_000);
    cache.entries.set(
      hashOf('tok-c'),
      JSON.stringify({ profile: { id: 'from-replica' }, expiresAt: Date.now() + 60_000 }),
    );
    await expect(validator.authenticate('Bearer tok-c', ADDRESS)).resolves.toMatchObject({
      id: 'from-replica',
    });
    expect(calls).toEqual([]);
  });

  it('validates afresh when the shared entry is expired, unreadable or in an older shape', async () => {
    const { validator, cache, calls } = validatorWith(30_000);
    cache.entries.set(hashOf('t1'), JSON.stringify({ profile: { id: 'x' }, expiresAt: 1 }));
    cache.entries.set(hashOf('t2'), '{not json');
    cache.entries.set(hashOf('t3'), JSON.stringify({ id: 'bare-profile' }));
    for (const token of ['t1', 't2', 't3']) {
      await expect(validator.authenticate(`Bearer ${token}`, ADDRESS)).resolves.toMatchObject({
        id: `user-of-${token}`,
      });
    }
    expect(calls).toEqual(['t1', 't2', 't3']);
  });

  it('caches nothing when AUTH_CACHE_TTL_MS is 0', async () => {
    const { validator, cache, calls } = validatorWith(0);
    await validator.authenticate('Bearer tok-d', ADDRESS);
    await validator.authenticate('Bearer tok-d', ADDRESS);
    expect(calls).toEqual(['tok-d', 'tok-d']);
    expect(cache.entries.size).toBe(0);
  });

  it('makes one call for a burst of one refused token, and counts every refusal against the address', async () => {
    const { validator, calls, limiter } = validatorWith(30_000);
    // Concurrent: they share the call in flight; later: the refusal is remembered for a moment.
    const burst = Array.from({ length: 5 }, () => validator.authenticate('Bearer bad', ADDRESS));
    for (const attempt of burst) await expect(attempt).rejects.toMatchObject({ statusCode: 401 });
    await expect(validator.authenticate('Bearer bad', ADDRESS)).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(calls).toEqual(['bad']);
    expect(limiter.charged).toEqual(Array(6).fill(ADDRESS));
  });

  it('counts a missing or malformed header against the address without calling anyone', async () => {
    const { validator, calls, limiter } = validatorWith(30_000);
    for (const header of [undefined, 'Basic abc', 'Bearer two tokens']) {
      await expect(validator.authenticate(header, ADDRESS)).rejects.toMatchObject({
        statusCode: 401,
      });
    }
    expect(calls).toEqual([]);
    expect(limiter.charged).toEqual(Array(3).fill(ADDRESS));
  });

  it('refuses a spent address before asking the auth service, but not a token it knows', async () => {
    const { validator, calls, limiter } = validatorWith(30_000);
    await validator.authenticate('Bearer tok-known', ADDRESS);
    limiter.spent = ADDRESS;
    await expect(validator.authenticate('Bearer other', ADDRESS)).rejects.toThrow('429');
    await expect(validator.authenticate(undefined, ADDRESS)).rejects.toThrow('429');
    expect(validator.authenticate('Bearer tok-known', ADDRESS)).toMatchObject({
      id: 'user-of-tok-known',
    });
    expect(calls).toEqual(['tok-known']);
  });

  it('asks about a refused token again once the moment has passed', async () => {
    const { validator, calls } = validatorWith(40);
    await expect(validator.authenticate('Bearer bad', ADDRESS)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 80));
    await expect(validator.authenticate('Bearer bad', ADDRESS)).rejects.toThrow();
    expect(calls).toEqual(['bad', 'bad']);
  });
});
