import {
  Inject,
  Injectable,
  Optional,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { finalize, type Observable } from 'rxjs';
import { CallerSlots, callerKeyOf } from '../limits';
import { QUARRY_METRICS, type QuarryMetrics } from '../observability';
import { TooManyConcurrentActionsError } from './connector.errors';
import { webhookConfig } from './webhook/webhook.config';

/**
 * Caps the connector actions one caller (authenticated user, else client address) runs at once on
 * this replica. An action counts until it has settled, retries included, even when the caller has
 * gone: an action is not aborted when the client disconnects, so releasing on 'close' would let a
 * caller start any number of them. An interceptor on the one route, after the guards have
 * authenticated the caller.
 */
@Injectable()
export class ConnectorConcurrencyInterceptor implements NestInterceptor {
  private readonly slots: CallerSlots;

  constructor(
    @Inject(webhookConfig.KEY) config: ConfigType<typeof webhookConfig>,
    @Optional() @Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null = null,
  ) {
    this.slots = new CallerSlots(config.maxConcurrentPerCaller);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.slots.limit === 0) return next.handle();
    const release = this.slots.take(callerKeyOf(context.switchToHttp().getRequest()));
    if (!release) {
      this.metrics?.traffic.rejected('concurrency');
      throw new TooManyConcurrentActionsError(this.slots.limit);
    }
    return next.handle().pipe(finalize(release));
  }
}
