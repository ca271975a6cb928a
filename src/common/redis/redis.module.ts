import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigModule, type ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { redisConfig } from './redis.config';
import { REDIS_CLIENT } from './redis.tokens';

const logger = new Logger('Redis');

const CONNECT_WAIT_MS = 2000;

async function createRedisClient(config: ConfigType<typeof redisConfig>): Promise<Redis | null> {
  if (!config.url) return null;
  const client = new Redis(config.url, {
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
  return client;
}

@Global()
@Module({
  imports: [ConfigModule.forFeature(redisConfig)],
  providers: [{ provide: REDIS_CLIENT, inject: [redisConfig.KEY], useFactory: createRedisClient }],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.redis) return;
    await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
