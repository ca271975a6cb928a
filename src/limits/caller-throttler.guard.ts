import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

interface RequestWithCaller {
  ip: string;
  user?: { id?: string | number; sub?: string | number } | null;
}

/** Rate-limits per caller: the authenticated user when there is one, else the client address. */
@Injectable()
export class CallerThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    const { user, ip } = request as unknown as RequestWithCaller;
    const id = user?.id ?? user?.sub;
    return Promise.resolve(id !== undefined && id !== null ? `user:${String(id)}` : `ip:${ip}`);
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    // Health probes are polled by orchestrators and must never be throttled.
    const path = context.switchToHttp().getRequest<{ url: string }>().url;
    return Promise.resolve(
      path === '/health' || path.startsWith('/health/') || path.startsWith('/health?'),
    );
  }
}
