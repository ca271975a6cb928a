import { All, Controller, Get, Req, Res } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiExcludeEndpoint,
  ApiGatewayTimeoutResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { ServedByFastify } from '../common/decorators/served-by-fastify.decorator';
import { ErrorBody } from '../common/errors/error-body';
import { ANY_METHOD_PATHS, GET_ONLY_PATHS, siblingForRoute } from './sibling-routes';
import { SiblingProxyService } from './sibling-proxy.service';

const PASSTHROUGH = {
  description: "The sibling's reply: status, headers and body as it sent them.",
  schema: {
    type: 'object',
    additionalProperties: true,
    example: { id: 'user-42', email: 'ada@example.com' },
  },
};

/**
 * The sibling-service paths, declared (and documented) as a Nest controller and served as plain
 * Fastify handlers (@ServedByFastify) behind the same global guards, with errors in the same
 * shape; the methods here only run where no Fastify instance is (none in this service).
 */
@ApiTags('proxy')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorBody, description: 'Missing, malformed or rejected token.' })
@ApiBadRequestResponse({ type: ErrorBody, description: 'A path the proxy does not forward.' })
@ApiBadGatewayResponse({ type: ErrorBody, description: 'The sibling service is unreachable.' })
@ApiServiceUnavailableResponse({ type: ErrorBody, description: 'The auth service is down.' })
@ApiGatewayTimeoutResponse({
  type: ErrorBody,
  description: 'The sibling sent no reply within PROXY_TIMEOUT_MS.',
})
@Controller()
export class ProxyController {
  constructor(private readonly proxy: SiblingProxyService) {}

  // OpenAPI 3.0 cannot describe an any-method wildcard route (Nest would emit the non-standard
  // SEARCH method and an undeclared {path}); docs/proxy-and-auth.md documents the mapping instead.
  @All(ANY_METHOD_PATHS)
  @ApiExcludeEndpoint()
  @ServedByFastify<ProxyController>({
    handler: (controller, path) => controller.forwarderFor(path),
    body: 'stream',
  })
  forwardAny(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.proxy.forward(siblingForRoute(request.routeOptions.url), request, reply);
  }

  @Get(GET_ONLY_PATHS)
  @ApiOperation({
    operationId: 'proxyGetAuthMe',
    summary: "The caller's profile, answered by the auth service",
    description:
      'Forwarded to GET {AUTH_SERVICE_URL}/api/auth/me with the same headers; the reply is streamed back.',
  })
  @ApiOkResponse(PASSTHROUGH)
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
