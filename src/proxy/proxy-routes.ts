import { Injectable } from '@nestjs/common';
import { FastifyServedRoutes } from '../common/http/fastify-served-routes';
import { ProxyController } from './proxy.controller';
import { SiblingProxyService } from './sibling-proxy.service';
import { ANY_METHOD_PATHS, GET_ONLY_PATHS, siblingForRoute } from './sibling-routes';

/**
 * ProxyController declares the forwarded paths (and documents GET /api/auth/me); the requests are
 * served by plain Fastify handlers behind the same global guards, without Nest's per-request
 * pipeline, which cost a proxied request a third of its CPU.
 */
@Injectable()
export class ProxyRoutes {
  constructor(routes: FastifyServedRoutes, proxy: SiblingProxyService) {
    const forwardTo = (path: string) => proxy.forwarder(siblingForRoute(path));
    routes.serve({
      controller: ProxyController,
      handler: ProxyController.prototype.forwardAny,
      paths: ANY_METHOD_PATHS,
      serve: forwardTo,
    });
    routes.serve({
      controller: ProxyController,
      handler: ProxyController.prototype.forwardGet,
      paths: GET_ONLY_PATHS,
      serve: forwardTo,
    });
  }
}
