import { ForbiddenException, Injectable, type CanActivate } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { isObservable, lastValueFrom } from 'rxjs';
import { FastifyServedRoutes, type FastifyServedRoute } from '../common/http/fastify-served-routes';
import { GLOBAL_GUARDS } from './global-guards';
import { RouteExecutionContext } from './route-execution-context';

/**
 * Serves chosen controller routes without Nest's per-request pipeline (router execution context,
 * guard consumer, promise chain, exception zone), which cost about 50 us of CPU on a proxied
 * request. Nest still declares and documents the route; when it registers it with Fastify, the
 * handler is swapped for the plain one and a preHandler hook runs the same global guards, in
 * AppModule's order, with the same controller and handler, so authentication, rate limits and
 * their errors are those of every other route. Errors from the hook or the handler reach the
 * route's Fastify error handler, which answers in the error shape like Nest's exception filter.
 */
@Injectable()
export class GuardedFastifyRoutes implements FastifyServedRoutes {
  private readonly routes = new Map<string, FastifyServedRoute>();
  // AppModule's APP_GUARDs, the same instances, in the order it registers them. Resolved when the
  // first route is registered: every provider exists by then, and Nest registers routes before it
  // calls onModuleInit.
  private guards: readonly CanActivate[] | undefined;

  constructor(private readonly moduleRef: ModuleRef) {}

  attach(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (options) => this.takeOver(options));
  }

  /** Call while providers are constructed, before Nest registers the routes. */
  serve(route: FastifyServedRoute): void {
    for (const path of route.paths) this.routes.set(path, route);
  }

  private takeOver(options: RouteOptions): void {
    const route = this.routes.get(options.url);
    if (!route) return;
    const guards = (this.guards ??= GLOBAL_GUARDS.map((token) =>
      this.moduleRef.get<CanActivate>(token, { strict: false }),
    ));
    options.handler = route.serve(options.url);
    options.preHandler = this.guardHook(route, guards);
  }

  private guardHook(
    route: FastifyServedRoute,
    guards: readonly CanActivate[],
  ): (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void {
    return (request, reply, done) => {
      const context = new RouteExecutionContext(request, reply, route.controller, route.handler);
      const runFrom = (first: number): void => {
        for (let i = first; i < guards.length; i++) {
          let result: ReturnType<CanActivate['canActivate']>;
          try {
            result = guards[i].canActivate(context);
          } catch (error) {
            return done(error as Error);
          }
          if (result === true) continue;
          if (result === false) return done(new ForbiddenException('Forbidden resource'));
          // A guard that has to wait (an uncached token, the shared rate-limit store).
          void (isObservable(result) ? lastValueFrom(result) : Promise.resolve(result)).then(
            (allowed) =>
              allowed ? runFrom(i + 1) : done(new ForbiddenException('Forbidden resource')),
            done,
          );
          return;
        }
        done();
      };
      runFrom(0);
    };
  }
}
