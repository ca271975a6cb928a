import {
  Inject,
  Injectable,
  type CanActivate,
  type ExecutionContext,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { IS_PUBLIC_KEY } from '../common/decorators/public.decorator';
import { PublicRoutes } from '../common/decorators/public-routes';
import { infoFact, StartupFacts, warnFact } from '../common/logging/startup-facts';
import { AUTH_CONFIG, type AuthConfig } from './auth.config';
import { TokenValidator } from './token-validator.service';

/**
 * Global guard: every route not marked @Public() needs `Authorization: Bearer <token>` that the
 * auth service accepts, while AUTH_REQUIRED is true. With AUTH_REQUIRED false it lets every request
 * through without calling the auth service, and request.user stays unset. The check itself runs
 * earlier, in the onRequest hook beforeBody() builds for each controller route (before the body is
 * read or parsed); the guard then finds the user on the request.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate, OnModuleInit {
  private readonly publicByRoute = new WeakMap<object, WeakMap<object, boolean>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenValidator,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly publicRoutes: PublicRoutes,
    private readonly facts: StartupFacts,
  ) {}

  onModuleInit(): void {
    // Fastify's documented way to add a request property: declared up front, every request object
    // keeps one shape instead of some gaining `user` later.
    this.adapterHost.httpAdapter?.getInstance<FastifyInstance>().decorateRequest('user', undefined);
    this.facts.add(() =>
      this.config.required
        ? infoFact('authentication on: routes not marked public need a bearer token')
        : warnFact(
            'authentication off: AUTH_REQUIRED is false (its default outside production), every ' +
              'route is served without a bearer token; set AUTH_REQUIRED=true to require one',
          ),
    );
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (!this.config.required || context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Authenticated by the onRequest hook (beforeBody), as every controller route is.
    if (request.user !== undefined) return true;
    if (this.isPublic(context.getHandler(), context.getClass())) return true;
    return this.authenticate(request) ?? true;
  }

  /**
   * The onRequest hook authenticating a request to this route before its body is read or parsed,
   * or undefined when AUTH_REQUIRED is false. Whether the route is public is read at its first
   * request: modules make routes public in onModuleInit, after the routes are registered.
   */
  beforeBody(controller: object, handler: object): onRequestHookHandler | undefined {
    if (!this.config.required) return undefined;
    // @Public() is known now: no hook at all. Routes a module makes public (PublicRoutes) are
    // known only after onModuleInit, so the hook asks at the route's first request.
    const marked = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, [
      handler as () => void,
      controller as new () => unknown,
    ]);
    if (marked) return undefined;
    let isPublic: boolean | undefined;
    return (request, _reply, done) => {
      if ((isPublic ??= this.isPublic(handler, controller))) return done();
      let pending: Promise<boolean> | undefined;
      try {
        pending = this.authenticate(request);
      } catch (error) {
        return done(error as Error);
      }
      if (pending === undefined) return done();
      pending.then(() => done(), done);
    };
  }

  /** Puts the token's user on the request; a promise only when the token is not known yet. */
  private authenticate(request: FastifyRequest): Promise<boolean> | undefined {
    const user = this.tokens.authenticate(request.headers.authorization, request.ip);
    // A token validated before is answered synchronously: no await on the hot path.
    if (!(user instanceof Promise)) {
      request.user = user;
      return undefined;
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
