import {
  Inject,
  Injectable,
  NotFoundException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { observabilityConfig } from '../observability.config';

/**
 * Whether /metrics exists on the main port: 404 (as if the route did not exist) when metrics are
 * off or served on METRICS_PORT. Who may read it is the bearer guard's: ObservabilityModule makes
 * the route public when it answers without a token (404s, METRICS_PUBLIC=true).
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  constructor(
    @Inject(observabilityConfig.KEY)
    private readonly config: ConfigType<typeof observabilityConfig>,
  ) {}

  canActivate(_context: ExecutionContext): boolean {
    if (!this.config.metricsEnabled || this.config.metricsPort !== undefined) {
      throw new NotFoundException('Cannot GET /metrics');
    }
    return true;
  }
}
