import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import { REDIS_CLIENT } from '../redis/redis.tokens';
import type { KeyValueCache } from './key-value-cache';

export interface SharedCacheOptions {
  /** Prefix of every key in Redis, so caches of different modules never collide. */
  readonly namespace: string;
  /** Bound of the in-memory cache, used without Redis or while Redis is down. */
  readonly maxEntries: number;
}

/**
 * Builds caches that live in Redis when REDIS_URL is set (so replicas share them) and in a bounded
 * in-memory LRU otherwise. A Redis failure never fails the caller: that call falls back to memory.
 */
@Injectable()
export class SharedCacheFactory {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis | null) {}

  create(options: SharedCacheOptions): KeyValueCache {
    return new RedisBackedCache(this.redis, options);
  }
}

class RedisBackedCache implements KeyValueCache {
  private readonly logger: Logger;
  private readonly memory: LRUCache<string, string>;
  private lastBackend: 'redis' | 'memory';

  constructor(
    private readonly redis: Redis | null,
    private readonly options: SharedCacheOptions,
  ) {
    this.logger = new Logger(`Cache:${options.namespace}`);
    this.memory = new LRUCache({ max: options.maxEntries, ttlAutopurge: false });
    this.lastBackend = redis ? 'redis' : 'memory';
  }

  get backend(): 'redis' | 'memory' {
    return this.lastBackend;
  }

  async get(key: string): Promise<string | undefined> {
    if (this.redis) {
      try {
        const value = await this.redis.get(this.redisKey(key));
        this.lastBackend = 'redis';
        return value ?? undefined;
      } catch (error) {
        this.fellBack(error);
      }
    }
    return this.memory.get(key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return;
    if (this.redis) {
      try {
        await this.redis.set(this.redisKey(key), value, 'PX', ttlMs);
        this.lastBackend = 'redis';
        return;
      } catch (error) {
        this.fellBack(error);
      }
    }
    this.memory.set(key, value, { ttl: ttlMs });
  }

  private redisKey(key: string): string {
    return `quarry:${this.options.namespace}:${key}`;
  }

  private fellBack(error: unknown): void {
    if (this.lastBackend === 'redis') {
      this.logger.warn(
        `Redis cache unavailable, using memory: ${error instanceof Error ? error.message : error}`,
      );
    }
    this.lastBackend = 'memory';
  }
}
