import { Body, Controller, Get, HttpCode, Param, Post, Res, UseInterceptors } from '@nestjs/common';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import type { FastifyReply } from 'fastify';
import type { ConnectorParams } from './connector';
import { ConnectorConcurrencyInterceptor } from './connector-concurrency.interceptor';
import { ConnectorExecutionError, ConnectorValidationError } from './connector.errors';
import { ConnectorRegistry } from './connector.registry';
import { RUN_CONNECTOR_ACTION } from './connector-action.openapi';
import { ConnectorListDto } from './dto/connector-list.dto';

@QuarryApi('connectors')
@Controller('api/connectors')
export class ConnectorsController {
  constructor(private readonly registry: ConnectorRegistry) {}

  @Get()
  @QuarryEndpoint({
    operationId: 'listConnectors',
    summary: 'Lists the connectors and the actions each declares',
    description: 'Each connector with its id (for POST /api/connectors/{id}/actions/{action}).',
    ok: ConnectorListDto,
    errors: { 401: 'Authentication is on and the bearer token is missing or invalid.' },
  })
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
  @QuarryEndpoint(RUN_CONNECTOR_ACTION)
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
