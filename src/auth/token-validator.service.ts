import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { KeyValueCache } from '../common/cache/key-value-cache';
import { SharedCacheFactory } from '../common/cache/shared-cache.factory';
import { authConfig } from './auth.config';
import { AuthServiceClient } from './auth-service.client';
import { userFromProfile, type AuthenticatedUser } from './authenticated-user';

/**
 * Turns a bearer token into its user. Successful validations are cached (Redis when configured, so
 * replicas share them) under the token's SHA-256, never the token; failures are not cached.
 * Concurrent requests with the same uncached token share one call to the auth service.
 */
@Injectable()
export class TokenValidator {
  private readonly cache: KeyValueCache;
  private readonly inFlight = new Map<string, Promise<AuthenticatedUser>>();

  constructor(
    private readonly authService: AuthServiceClient,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
    caches: SharedCacheFactory,
  ) {
    this.cache = caches.create({ namespace: 'auth', maxEntries: 10_000 });
  }

  validate(token: string): Promise<AuthenticatedUser> {
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const pending = this.inFlight.get(tokenHash);
    if (pending) return pending;
    const validation = this.lookup(token, tokenHash).finally(() => this.inFlight.delete(tokenHash));
    this.inFlight.set(tokenHash, validation);
    return validation;
  }

  private async lookup(token: string, tokenHash: string): Promise<AuthenticatedUser> {
    const caching = this.config.cacheTtlMs > 0;
    if (caching) {
      const cached = await this.cache.get(tokenHash);
      if (cached !== undefined) {
        return userFromProfile(JSON.parse(cached) as Record<string, unknown>, tokenHash);
      }
    }
    const profile = await this.authService.me(token);
    if (caching) await this.cache.set(tokenHash, JSON.stringify(profile), this.config.cacheTtlMs);
    return userFromProfile(profile, tokenHash);
  }
}
