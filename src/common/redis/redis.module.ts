import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ConfigModule, type ConfigType } from '@nestjs/config';
import type { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type Redis from 'ioredis';
import { displayAddress } from '../http/display-address';
import { infoFact, StartupFacts, warnFact } from '../logging/startup-facts';
import { StartupFactsModule } from '../logging/startup-facts.module';
import { redisConfig } from './redis.config';
import { REDIS_CLIENT, REDIS_THROTTLER_STORAGE } from './redis.tokens';

const logger = new Logger('Redis');

const CONNECT_WAIT_MS = 2000;

/** What Redis gives the service: the shared client and the rate-limit storage built on it. */
interface RedisConnection {
  readonly client: Redis;
  readonly throttlerStorage: ThrottlerStorageRedisService;
}

/** Private to this module: the one connection REDIS_CLIENT and REDIS_THROTTLER_STORAGE come from. */
const REDIS_CONNECTION = Symbol('common:redis-connection');

async function connectRedis(
  config: ConfigType<typeof redisConfig>,
): Promise<RedisConnection | null> {
  if (!config.url) return null;
  // ioredis and the Redis rate-limit storage load only when Redis is configured (about 5 MiB of a
  // single replica's resident memory otherwise). Both are required here, before the connect wait
  // below: a require after it could run after a test that failed to start had been torn down.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { default: RedisClient } = require('ioredis') as typeof import('ioredis');
  const { ThrottlerStorageRedisService: RedisStorage } =
    require('@nest-lab/throttler-storage-redis') as typeof import('@nest-lab/throttler-storage-redis');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const client = new RedisClient(config.url, {
    // Fail fast instead of queueing: every user of Redis here has a fallback, and a queue would grow unbounded.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  });
  let healthy = true;
  client.on('error', (error: Error) => {
    if (healthy) logger.warn(`Redis unavailable, falling back where possible: ${error.message}`);
    healthy = false;
  });
  // The HTTP server keeps the process alive; the Redis socket must not, or a start-up that fails
  // after this client exists (a bad providers file, say) would hang instead of exiting.
  client.on('connect', () => (client as unknown as { stream?: { unref(): void } }).stream?.unref());
  client.on('ready', () => {
    if (!healthy) logger.log('Redis reachable again');
    healthy = true;
  });
  // Without an offline queue, commands sent before the first connect would fail; start connected
  // when Redis answers within a moment, and start anyway (falling back) when it does not.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CONNECT_WAIT_MS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { client, throttlerStorage: new RedisStorage(client) };
}

@Global()
@Module({
  imports: [ConfigModule.forFeature(redisConfig), StartupFactsModule],
  providers: [
    { provide: REDIS_CONNECTION, inject: [redisConfig.KEY], useFactory: connectRedis },
    {
      provide: REDIS_CLIENT,
      inject: [REDIS_CONNECTION],
      useFactory: (connection: RedisConnection | null) => connection?.client ?? null,
    },
    {
      provide: REDIS_THROTTLER_STORAGE,
      inject: [REDIS_CONNECTION],
      useFactory: (connection: RedisConnection | null) => connection?.throttlerStorage ?? null,
    },
  ],
  exports: [REDIS_CLIENT, REDIS_THROTTLER_STORAGE],
})
export class RedisModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    @Inject(redisConfig.KEY) private readonly config: ConfigType<typeof redisConfig>,
    private readonly facts: StartupFacts,
  ) {}

  onModuleInit(): void {
    this.facts.add(() => {
      if (!this.redis || !this.config.url) {
        return infoFact(
          'Redis off (REDIS_URL is not set): caches and rate-limit counters are per process',
        );
      }
      const address = displayAddress(this.config.url);
      return this.redis.status === 'ready'
        ? infoFact(
            `Redis at ${address}: caches and rate-limit counters are shared by every replica`,
          )
        : warnFact(
            `Redis at ${address} does not answer yet: caches and rate limits are per process until it does`,
          );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.redis) return;
    await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
