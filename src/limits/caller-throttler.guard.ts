import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { callerKeyOf } from './caller-key';

/** Rate-limits per caller: the authenticated user when there is one, else the client address. */
@Injectable()
export class CallerThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    return Promise.resolve(callerKeyOf(request));
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    // Health probes are polled by orchestrators and must never be throttled.
    const path = context.switchToHttp().getRequest<{ url: string }>().url;
    return Promise.resolve(
      path === '/health' || path.startsWith('/health/') || path.startsWith('/health?'),
    );
  }
}
