/** The shared ioredis client, or null when REDIS_URL is not set. */
export const REDIS_CLIENT = Symbol('common:redis-client');

/**
 * The rate-limit counter storage in Redis (@nest-lab/throttler-storage-redis on the shared
 * client), or null when REDIS_URL is not set.
 */
export const REDIS_THROTTLER_STORAGE = Symbol('common:redis-throttler-storage');
