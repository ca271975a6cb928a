/** The shared ioredis client, or null when REDIS_URL is not set. */
export const REDIS_CLIENT = Symbol('common:redis-client');
