import { All, Controller, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { QuarryError } from '../common/errors/quarry.error';
import { MOVED_ROUTES } from './moved-routes';

/** A path the older API served itself and a sibling serves here: 404 naming where to go. */
export class RouteMovedError extends QuarryError {
  constructor(method: string, path: string, servedAt: string, sibling: string) {
    super(
      `${method} ${path} is not served by Quarry: the ${sibling} service answers it under ${servedAt} (for example ${method} ${servedAt})`,
      404,
    );
  }
}

/**
 * /api/discover and /api/chats (Perplexica's discover feed and chat history) answer a 404 in the
 * error shape that names the sibling path, instead of a bare "Cannot GET". Left out of the OpenAPI
 * document like the proxy's any-method routes; docs/search.md lists them.
 */
@ApiExcludeController()
@Controller()
export class MovedRoutesController {
  @All(MOVED_ROUTES.flatMap((route) => [route.path, `${route.path}/*`]))
  moved(@Req() request: FastifyRequest): never {
    const path = (request.url.split('?')[0] ?? '').replace(/\/+$/, '');
    const route = MOVED_ROUTES.find((r) => path === r.path || path.startsWith(`${r.path}/`))!;
    throw new RouteMovedError(request.method, route.path, route.servedAt, route.sibling);
  }
}
