import {
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
  type OnModuleInit,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC_KEY } from '../common/decorators/public.decorator';
import { authConfig } from './auth.config';
import { bearerTokenOf } from './bearer-token';
import { TokenValidator } from './token-validator.service';

/**
 * Global guard: every route not marked @Public() needs `Authorization: Bearer <token>` that the
 * auth service accepts, while AUTH_REQUIRED is true. With AUTH_REQUIRED false it lets every request
 * through without calling the auth service, and request.user stays unset.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate, OnModuleInit {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenValidator,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
  ) {}

  onModuleInit(): void {
    if (!this.config.required) {
      this.logger.warn(
        'AUTH_REQUIRED is false: every route is served without authentication. ' +
          'Set AUTH_REQUIRED=true (the default with NODE_ENV=production) to require bearer tokens.',
      );
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.required || context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = bearerTokenOf(request.headers.authorization);
    request.user = await this.tokens.validate(token);
    return true;
  }
}
