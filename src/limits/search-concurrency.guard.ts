import {
  Inject,
  Injectable,
  Optional,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QuarryError } from '../common/errors/quarry.error';
import { QUARRY_METRICS, type QuarryMetrics } from '../observability';
import { callerKeyOf } from './caller-key';
import { CallerSlots } from './caller-slots';
import { limitsConfig } from './limits.config';
import { SEARCH_CONCURRENCY_LIMITED } from './search-concurrency-limited.decorator';

export class TooManyConcurrentSearchesError extends QuarryError {
  constructor(limit: number) {
    super(
      `Too many searches at once: at most ${limit} per caller may run at the same time; ` +
        'retry after one finishes',
      429,
      { 'retry-after': '1' },
    );
  }
}

/**
 * Caps the searches one caller (authenticated user, else client address) runs at once on this
 * replica, on the handlers marked @SearchConcurrencyLimited(). A search counts from the moment its handler starts until its response, plain or a
 * whole stream, is finished or the client is gone. A guard rather than an interceptor: a global
 * interceptor wraps every route's handler in rxjs, a cost every proxied request would pay.
 */
@Injectable()
export class SearchConcurrencyGuard implements CanActivate {
  private readonly slots: CallerSlots;
  // Handler metadata never changes after start-up: read once per handler, not per request.
  private readonly limitedHandlers = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(limitsConfig.KEY) private readonly config: ConfigType<typeof limitsConfig>,
    @Optional() @Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null = null,
  ) {
    this.slots = new CallerSlots(config.searchMaxConcurrentPerClient);
  }

  canActivate(context: ExecutionContext): boolean {
    const limit = this.config.searchMaxConcurrentPerClient;
    if (limit === 0 || !this.isLimited(context.getHandler())) return true;
    const http = context.switchToHttp();
    const release = this.slots.take(callerKeyOf(http.getRequest<FastifyRequest>()));
    if (!release) {
      this.metrics?.traffic.rejected('concurrency');
      throw new TooManyConcurrentSearchesError(limit);
    }
    const raw = http.getResponse<FastifyReply>().raw;
    raw.once('close', release);
    raw.once('finish', release);
    return true;
  }

  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's handler type
  private isLimited(handler: Function): boolean {
    let limited = this.limitedHandlers.get(handler);
    if (limited === undefined) {
      limited =
        this.reflector.get<boolean | undefined>(SEARCH_CONCURRENCY_LIMITED, handler) === true;
      this.limitedHandlers.set(handler, limited);
    }
    return limited;
  }
}
