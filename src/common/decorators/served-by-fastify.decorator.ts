import { SetMetadata } from '@nestjs/common';
import type { RouteHandlerMethod } from 'fastify';

export const SERVED_BY_FASTIFY_KEY = 'quarry:served-by-fastify';

export interface ServedByFastifyOptions<Controller = never> {
  /**
   * The plain Fastify handler for one of the route's paths, built once at start-up from the
   * controller instance: nothing is looked up per request.
   */
  readonly handler: (controller: Controller, path: string) => RouteHandlerMethod;
  /**
   * 'stream': the handler gets the request stream untouched as `request.body`, of any type and
   * size (the proxy). Default 'json': the body is parsed as on every other route.
   */
  readonly body?: 'json' | 'stream';
}

/**
 * Serves a controller route with a plain Fastify handler, without Nest's per-request pipeline
 * (router context, guard consumer, promise chain, exception zone: a third of a proxied request's
 * CPU, half of GET /api/providers'). The controller still declares and documents the route; the
 * global guards, the error shape, request ids and security headers stay the same. Read once at
 * start-up by FastifyRoutesExplorer (src/auth); the decorated method runs only where no Fastify
 * instance is.
 */
export const ServedByFastify = <Controller>(options: ServedByFastifyOptions<Controller>) =>
  SetMetadata(SERVED_BY_FASTIFY_KEY, options);
