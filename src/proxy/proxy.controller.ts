import { All, Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { ServedByFastify } from '../common/decorators/served-by-fastify.decorator';
import { ANY_METHOD_PATHS, GET_ONLY_PATHS, siblingForRoute } from './sibling-routes';
import { SiblingProxyService } from './sibling-proxy.service';

/**
 * The sibling-service paths, declared as a Nest controller and served as plain Fastify handlers
 * (@ServedByFastify) behind the same global guards, with errors in the same shape; the methods
 * here only run where no Fastify instance is (none in this service). Documented apart, from the
 * routing table: /docs/siblings/json (proxy-openapi.ts).
 */
@ApiExcludeController()
@Controller()
export class ProxyController {
  constructor(private readonly proxy: SiblingProxyService) {}

  @All(ANY_METHOD_PATHS)
  @ServedByFastify<ProxyController>({
    handler: (controller, path) => controller.forwarderFor(path),
    body: 'stream',
  })
  forwardAny(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.proxy.forward(siblingForRoute(request.routeOptions.url), request, reply);
  }

  @Get(GET_ONLY_PATHS)
  @ServedByFastify<ProxyController>({
    handler: (controller, path) => controller.forwarderFor(path),
  })
  forwardGet(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.proxy.forward(siblingForRoute(request.routeOptions.url), request, reply);
  }

  /** The Fastify handler of one route path: the sibling is looked up once, here. */
  forwarderFor(path: string): RouteHandlerMethod {
    return this.proxy.forwarder(siblingForRoute(path));
  }
}
