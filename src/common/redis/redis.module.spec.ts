import { Test } from '@nestjs/testing';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { redisConfig } from './redis.config';
import { RedisModule } from './redis.module';
import { REDIS_CLIENT, REDIS_THROTTLER_STORAGE } from './redis.tokens';

async function redisModule(url: string | undefined) {
  const moduleRef = await Test.createTestingModule({ imports: [RedisModule] })
    .overrideProvider(redisConfig.KEY)
    .useValue({ url })
    .compile();
  return moduleRef;
}

describe('RedisModule', () => {
  it('provides neither a client nor a rate-limit storage without REDIS_URL', async () => {
    const moduleRef = await redisModule(undefined);
    expect(moduleRef.get(REDIS_CLIENT)).toBeNull();
    expect(moduleRef.get(REDIS_THROTTLER_STORAGE)).toBeNull();
    await moduleRef.close();
  });

  // Needs a Redis that answers (.ci/run sets REDIS_URL after checking); skipped without one.
  const withRedis = process.env.REDIS_URL ? it : it.skip;

  withRedis(
    'builds the rate-limit storage on the shared client when REDIS_URL is set',
    async () => {
      const moduleRef = await redisModule(process.env.REDIS_URL);
      const client: unknown = moduleRef.get(REDIS_CLIENT);
      const storage: unknown = moduleRef.get(REDIS_THROTTLER_STORAGE);
      expect(storage).toBeInstanceOf(ThrottlerStorageRedisService);
      expect((storage as ThrottlerStorageRedisService).redis).toBe(client);
      await moduleRef.close();
    },
  );
});
