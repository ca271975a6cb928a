import {
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IS_PUBLIC_KEY } from '../common/decorators/public.decorator';
import { PublicRoutes } from '../common/decorators/public-routes';
import { AUTH_CONFIG, type AuthConfig } from './auth.config';
import { TokenValidator } from './token-validator.service';

/**
 * Global guard: every route not marked @Public() needs `Authorization: Bearer <token>` that the
 * auth service accepts, while AUTH_REQUIRED is true. With AUTH_REQUIRED false it lets every request
 * through without calling the auth service, and request.user stays unset.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate, OnModuleInit {
  private readonly logger = new Logger('Auth');
  private readonly publicByRoute = new WeakMap<object, WeakMap<object, boolean>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenValidator,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly publicRoutes: PublicRoutes,
  ) {}

  onModuleInit(): void {
    // Fastify's documented way to add a request property: declared up front, every request object
    // keeps one shape instead of some gaining `user` later.
    this.adapterHost.httpAdapter?.getInstance<FastifyInstance>().decorateRequest('user', undefined);
    if (!this.config.required) {
      this.logger.warn(
        'AUTH_REQUIRED is false: every route is served without authentication. ' +
          'Set AUTH_REQUIRED=true (the default with NODE_ENV=production) to require bearer tokens.',
      );
    }
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (!this.config.required || context.getType() !== 'http') return true;
    if (this.isPublic(context.getHandler(), context.getClass())) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const user = this.tokens.authenticate(request.headers.authorization, request.ip);
    // A token validated before is answered synchronously: no await on the hot path.
    if (!(user instanceof Promise)) {
      request.user = user;
      return true;
    }
    return user.then((validated) => {
      request.user = validated;
      return true;
    });
  }

  // Route metadata never changes after start-up; reading it through reflect-metadata on every
  // request showed in profiles.
  private isPublic(handler: object, controller: object): boolean {
    let byController = this.publicByRoute.get(handler);
    if (!byController) this.publicByRoute.set(handler, (byController = new WeakMap()));
    let isPublic = byController.get(controller);
    if (isPublic === undefined) {
      isPublic =
        this.publicRoutes.has(handler) ||
        !!this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, [
          handler as () => void,
          controller as new () => unknown,
        ]);
      byController.set(controller, isPublic);
    }
    return isPublic;
  }
}
