import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS_CLIENT } from '../common/redis/redis.tokens';
import { ReadinessRegistry } from './readiness.registry';

/** Registers the shared Redis client's check; here because common knows no module, health knows common. */
@Injectable()
export class RedisReadiness implements OnModuleInit {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    private readonly registry: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    const redis = this.redis;
    if (!redis) return;
    this.registry.register({
      name: 'redis',
      check: async () => {
        try {
          await redis.ping();
          return { up: true };
        } catch (error) {
          return { up: false, reason: error instanceof Error ? error.message : String(error) };
        }
      },
    });
  }
}
