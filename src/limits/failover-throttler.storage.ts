import { Logger } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';

/**
 * Counts in Redis so replicas share one budget per caller; while Redis fails, counts in memory
 * so a Redis outage degrades rate limiting to per-replica instead of failing requests.
 */
export class FailoverThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly local = new ThrottlerStorageService();
  private sharedHealthy = true;

  /** shared: the Redis storage (REDIS_THROTTLER_STORAGE), null without Redis. */
  constructor(private readonly shared: ThrottlerStorage | null) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    if (this.shared) {
      try {
        const record = await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
        if (!this.sharedHealthy) this.logger.log('Redis rate-limit storage reachable again');
        this.sharedHealthy = true;
        return record;
      } catch (error) {
        if (this.sharedHealthy) {
          this.logger.warn(
            `Redis rate-limit storage unavailable, counting per replica: ${String(error)}`,
          );
        }
        this.sharedHealthy = false;
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
  }
}
