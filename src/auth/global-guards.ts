import type { Type } from '@nestjs/common';
import { RATE_LIMIT_GUARD } from '../limits/limits.module';
import { SearchConcurrencyGuard } from '../limits';
import { BearerAuthGuard } from './bearer-auth.guard';

/**
 * The global guards, in the order they run. AppModule registers them as APP_GUARDs from this list
 * (Nest runs those in registration order) and the Fastify-served routes run the same list, so a
 * guard added here applies to every route.
 * 1. authentication puts the caller on the request (or refuses with 401);
 * 2. the rate limit counts per caller (user id, else address);
 * 3. the search concurrency cap, last, so a refused or throttled request never holds a slot.
 */
export const GLOBAL_GUARDS: readonly (Type | symbol | string)[] = [
  BearerAuthGuard,
  RATE_LIMIT_GUARD,
  SearchConcurrencyGuard,
];
