import { createHash } from 'node:crypto';
import type { SharedCacheFactory } from '../common/cache/shared-cache.factory';
import type { KeyValueCache } from '../common/cache/key-value-cache';
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

function validatorWith(cacheTtlMs: number) {
  const cache = new MapCache();
  const calls: string[] = [];
  const authService = {
    me: (token: string) => {
      calls.push(token);
      return Promise.resolve({ id: `user-of-${token}` });
    },
  } as unknown as AuthServiceClient;
  const config = { required: true, timeoutMs: 1000, cacheTtlMs } as AuthConfig;
  const caches = { create: () => cache } as unknown as SharedCacheFactory;
  return { validator: new TokenValidator(authService, config, caches), cache, calls };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

describe('TokenValidator', () => {
  it('answers a token it validated before synchronously, without the shared cache or the auth service', async () => {
    const { validator, cache, calls } = validatorWith(30_000);
    await expect(validator.validate('tok-a')).resolves.toMatchObject({ id: 'user-of-tok-a' });
    const gets = cache.gets;

    const again = validator.validate('tok-a');
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toMatchObject({ id: 'user-of-tok-a' });
    expect(calls).toEqual(['tok-a']);
    expect(cache.gets).toBe(gets);
    // The shared entry is keyed by the token's hash, never the token.
    expect([...cache.entries.keys()]).toEqual([hashOf('tok-a')]);
  });

  it('asks the auth service again once the validation has lapsed', async () => {
    const { validator, calls } = validatorWith(40);
    await validator.validate('tok-b');
    await new Promise((resolve) => setTimeout(resolve, 80));
    await validator.validate('tok-b');
    expect(calls).toEqual(['tok-b', 'tok-b']);
  });

  it('takes a validation another replica cached, until the expiry that replica stored', async () => {
    const { validator, cache, calls } = validatorWith(30_000);
    cache.entries.set(
      hashOf('tok-c'),
      JSON.stringify({ profile: { id: 'from-replica' }, expiresAt: Date.now() + 60_000 }),
    );
    await expect(validator.validate('tok-c')).resolves.toMatchObject({ id: 'from-replica' });
    expect(calls).toEqual([]);
  });

  it('validates afresh when the shared entry is expired, unreadable or in an older shape', async () => {
    const { validator, cache, calls } = validatorWith(30_000);
    cache.entries.set(hashOf('t1'), JSON.stringify({ profile: { id: 'x' }, expiresAt: 1 }));
    cache.entries.set(hashOf('t2'), '{not json');
    cache.entries.set(hashOf('t3'), JSON.stringify({ id: 'bare-profile' }));
    for (const token of ['t1', 't2', 't3']) {
      await expect(validator.validate(token)).resolves.toMatchObject({ id: `user-of-${token}` });
    }
    expect(calls).toEqual(['t1', 't2', 't3']);
  });

  it('caches nothing when AUTH_CACHE_TTL_MS is 0', async () => {
    const { validator, cache, calls } = validatorWith(0);
    await validator.validate('tok-d');
    await validator.validate('tok-d');
    expect(calls).toEqual(['tok-d', 'tok-d']);
    expect(cache.entries.size).toBe(0);
  });
});
