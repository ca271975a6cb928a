import {
  Inject,
  Injectable,
  NotFoundException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { FastifyRequest } from 'fastify';
import { authConfig } from '../../auth/auth.config';
import { bearerTokenOf } from '../../auth/bearer-token';
import { TokenValidator } from '../../auth/token-validator.service';
import { observabilityConfig } from '../observability.config';

/**
 * Who may read /metrics on the main port: nobody when metrics are off or served on METRICS_PORT
 * (404, as if the route did not exist); with AUTH_REQUIRED, only a valid bearer token unless
 * METRICS_PUBLIC=true; everyone otherwise.
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  constructor(
    @Inject(observabilityConfig.KEY)
    private readonly config: ConfigType<typeof observabilityConfig>,
    @Inject(authConfig.KEY) private readonly auth: ConfigType<typeof authConfig>,
    private readonly tokens: TokenValidator,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (!this.config.metricsEnabled || this.config.metricsPort !== undefined) {
      throw new NotFoundException('Cannot GET /metrics');
    }
    if (!this.auth.required || this.config.metricsPublic) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const user = this.tokens.validate(bearerTokenOf(request.headers.authorization));
    return user instanceof Promise ? user.then(() => true) : true;
  }
}
