import type { Type } from '@nestjs/common';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/** A route a Nest controller declares (paths, OpenAPI) and a plain Fastify handler serves. */
export interface FastifyServedRoute {
  /** The controller and method that declare it: guards read their metadata and key on them. */
  readonly controller: Type;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's handler type
  readonly handler: Function;
  /** The route paths as the controller declares them (Fastify's request.routeOptions.url). */
  readonly paths: readonly string[];
  /** The Fastify handler for one of those paths. */
  serve(path: string): RouteHandlerMethod;
}

/**
 * Serves controller routes without Nest's per-request pipeline, behind the same global guards
 * (the auth module provides it, globally). Modules call serve() while their providers are
 * constructed; configureApp() attaches it to Fastify before app.init() registers the routes.
 */
export abstract class FastifyServedRoutes {
  abstract serve(route: FastifyServedRoute): void;
  /** Takes over the routes served so far as Fastify registers them; once, before app.init(). */
  abstract attach(fastify: FastifyInstance): void;
}
