import { All, Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ANY_METHOD_PATHS, GET_ONLY_PATHS, siblingForRoute } from './sibling-routes';
import { SiblingProxyService } from './sibling-proxy.service';

/**
 * The sibling-service paths, declared as a Nest controller. ProxyRoutes serves
 * them as plain Fastify handlers behind the same global guards, with errors in the same shape;
 * the methods here only run where no Fastify instance is (none in this service).
 */
// Documented apart, from the routing table: /docs/siblings/json (proxy-openapi.ts).
@ApiExcludeController()
@Controller()
export class ProxyController {
  constructor(private readonly proxy: SiblingProxyService) {}

  @All(ANY_METHOD_PATHS)
  forwardAny(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.proxy.forward(siblingForRoute(request.routeOptions.url), request, reply);
  }

  @Get(GET_ONLY_PATHS)
  forwardGet(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.proxy.forward(siblingForRoute(request.routeOptions.url), request, reply);
  }
}
