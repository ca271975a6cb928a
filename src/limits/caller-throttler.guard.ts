import { Inject, Injectable, Optional, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  getOptionsToken,
  getStorageToken,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { QUARRY_METRICS, type QuarryMetrics } from '../observability';
import { callerKeyOf, rateLimitKeyOf } from './caller-key';

/**
 * Rate-limits per caller: the authenticated user when there is one, else the client address. One
 * budget per caller across every route it uses (@SkipThrottle() routes aside).
 */
@Injectable()
export class CallerThrottlerGuard extends ThrottlerGuard {
  constructor(
    @Inject(getOptionsToken()) options: ThrottlerModuleOptions,
    @Inject(getStorageToken()) storage: ThrottlerStorage,
    reflector: Reflector,
    @Optional() @Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null = null,
  ) {
    super(options, storage, reflector);
  }

  protected override throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    this.metrics?.traffic.rejected('rate');
    return super.throwThrottlingException(context, detail);
  }

  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    return Promise.resolve(callerKeyOf(request));
  }

  // @nestjs/throttler's key names the controller and handler, which would give a caller
  // RATE_LIMIT_MAX on every route instead of RATE_LIMIT_MAX in all.
  protected override generateKey(
    _context: ExecutionContext,
    tracker: string,
    throttlerName: string,
  ): string {
    return rateLimitKeyOf(tracker, throttlerName);
  }
}
