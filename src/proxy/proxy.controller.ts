import { All, Controller, Get, Req, Res } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiGatewayTimeoutResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiblingName } from '../common/config/app.config';
import { ErrorBody } from '../common/errors/error-body';
import { ANY_METHOD_PATHS, GET_ONLY_PATHS, SIBLING_BY_ROUTE_PATH } from './sibling-routes';
import { SiblingProxyService } from './sibling-proxy.service';

const PASSTHROUGH = {
  description: "The sibling's reply, status, headers and body as it sent them (streamed).",
  schema: { type: 'string', format: 'binary', example: '{"sibling":"reply"}' },
};

/**
 * The sibling-service paths. A Nest controller (not a bare Fastify route) so the global guards,
 * the exception filter and request logging apply to proxied traffic too.
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

  @All(ANY_METHOD_PATHS)
  @ApiOperation({
    summary: 'Forward any method to the sibling service owning the path prefix',
    description:
      'Same path and query string upstream; request and response bodies are streamed both ways.',
  })
  @ApiOkResponse(PASSTHROUGH)
  forwardAny(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.proxy.forward(siblingOf(request), request, reply);
  }

  @Get(GET_ONLY_PATHS)
  @ApiOperation({ summary: 'Forward a read to the sibling service owning the path' })
  @ApiOkResponse(PASSTHROUGH)
  forwardGet(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.proxy.forward(siblingOf(request), request, reply);
  }
}

function siblingOf(request: FastifyRequest): SiblingName {
  const sibling = SIBLING_BY_ROUTE_PATH.get(request.routeOptions.url ?? '');
  // Only routes built from the table reach this controller, so a miss is a programming error.
  if (!sibling) throw new Error(`no sibling for route ${request.routeOptions.url}`);
  return sibling;
}
