import { Body, Controller, Get, HttpCode, Param, Post, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ErrorBody } from '../common/errors/error-body';
import type { ConnectorParams } from './connector';
import { ConnectorConcurrencyInterceptor } from './connector-concurrency.interceptor';
import { ConnectorExecutionError, ConnectorValidationError } from './connector.errors';
import { ConnectorRegistry } from './connector.registry';
import { ConnectorActionResultDto } from './dto/connector-action-result.dto';
import { ConnectorListDto } from './dto/connector-list.dto';

const ACTION_PARAMS_SCHEMA = {
  type: 'object',
  description:
    'The action parameters. Webhook: url (required, http or https), headers (object), secret (string); ' +
    'body (any JSON, sent as JSON) for post, put, delete and patch; params (object, query parameters) for get.',
  properties: {
    url: { type: 'string', example: 'https://hooks.example.com/quarry' },
    body: { description: 'Sent as JSON (ignored by get).' },
    params: {
      type: 'object',
      additionalProperties: true,
      description: 'get only: each entry becomes a query parameter, its value as text.',
    },
    headers: {
      type: 'object',
      additionalProperties: true,
      description: 'Custom headers, values as text; may override Content-Type and User-Agent.',
    },
    secret: {
      type: 'string',
      description: 'Signing secret for X-Signature-256; defaults to WEBHOOK_SIGNING_SECRET.',
    },
  },
  additionalProperties: true,
};

@ApiTags('connectors')
@ApiBearerAuth()
@ApiUnauthorizedResponse({
  type: ErrorBody,
  description: 'Authentication is on and the bearer token is missing or invalid.',
})
@Controller('api/connectors')
export class ConnectorsController {
  constructor(private readonly registry: ConnectorRegistry) {}

  @Get()
  @ApiOperation({
    operationId: 'listConnectors',
    summary: 'Lists the connectors and the actions each declares.',
  })
  @ApiOkResponse({ type: ConnectorListDto })
  list(): ConnectorListDto {
    return {
      connectors: this.registry.list().map((connector) => ({
        id: connector.id,
        name: connector.displayName,
        description: connector.description,
        actions: [...connector.declaredActions],
      })),
    };
  }

  @Post(':id/actions/:action')
  @HttpCode(200)
  @UseInterceptors(ConnectorConcurrencyInterceptor)
  @ApiOperation({
    operationId: 'runConnectorAction',
    summary: 'Runs one action of a connector with the parameters object as the body.',
    description:
      'Webhook actions: post, get, put, delete, patch. 200 whenever the remote replied (success tells ' +
      'whether it was 2xx); 502 with the result when every attempt failed (5xx, transport failure, ' +
      'unreadable reply) or the reply body was over WEBHOOK_MAX_RESPONSE_BYTES (refused unread, ' +
      'body null, not retried).',
  })
  @ApiParam({ name: 'id', example: 'webhook' })
  @ApiParam({ name: 'action', example: 'post' })
  @ApiBody({
    schema: ACTION_PARAMS_SCHEMA,
    examples: {
      post: {
        summary: 'Signed JSON POST',
        value: {
          url: 'https://hooks.example.com/quarry',
          body: { event: 'answer.ready', id: 42 },
          headers: { 'X-Team': 'search' },
          secret: '<SIGNING_SECRET>',
        },
      },
      get: {
        summary: 'GET with query parameters',
        value: { url: 'https://api.example.com/items', params: { page: 2, q: 'quarry' } },
      },
      delete: {
        summary: 'DELETE (executable though not declared)',
        value: { url: 'https://api.example.com/items/42' },
      },
    },
  })
  @ApiOkResponse({
    type: ConnectorActionResultDto,
    description: 'The remote replied (any status below 500, or 5xx followed by a success).',
  })
  @ApiBadGatewayResponse({
    type: ConnectorActionResultDto,
    description: 'Every attempt failed; error says why.',
    example: {
      status_code: 503,
      headers: { 'content-type': 'text/plain' },
      body: 'maintenance',
      success: false,
      error: 'webhook POST failed after 4 attempts: remote replied with status 503',
    },
  })
  @ApiBadRequestResponse({
    type: ErrorBody,
    description:
      'Body not a JSON object, invalid parameters (url is required, invalid URL, URL must use http ' +
      'or https), unknown action, or a destination address that is not allowed.',
    example: {
      statusCode: 400,
      error: 'Bad Request',
      message: 'unknown action: send',
      requestId: '5f0c7a9e-2b8f-4a6a-9a57-1d2f3c4b5a69',
    },
  })
  @ApiTooManyRequestsResponse({
    type: ErrorBody,
    description:
      'The caller already runs CONNECTOR_MAX_CONCURRENT_PER_CLIENT actions (or the rate limit); Retry-After says when to retry.',
  })
  @ApiNotFoundResponse({
    type: ErrorBody,
    description: 'No connector has this id.',
    example: {
      statusCode: 404,
      error: 'Not Found',
      message: 'unknown connector: slack',
      requestId: '5f0c7a9e-2b8f-4a6a-9a57-1d2f3c4b5a69',
    },
  })
  async runAction(
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() params: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const connector = this.registry.get(id);
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      throw new ConnectorValidationError(
        'the request body must be a JSON object of action parameters',
      );
    }
    try {
      const result = await connector.execute(action, params as ConnectorParams);
      await reply.status(200).send(result);
    } catch (error) {
      if (!(error instanceof ConnectorExecutionError)) throw error;
      await reply.status(502).send(error.result);
    }
  }
}
