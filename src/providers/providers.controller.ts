import { Controller, Get, Header } from '@nestjs/common';
import type { RouteHandlerMethod } from 'fastify';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import { ServedByFastify } from '../common/decorators/served-by-fastify.decorator';
import { ProvidersResponseDto } from './dto/providers-response.dto';
import { ProvidersDocument } from './providers-document';

export const PROVIDERS_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Declares and documents GET /api/providers, served as a plain Fastify handler (@ServedByFastify)
 * behind the same global guards (list() runs only where there is no Fastify instance).
 */
@QuarryApi('providers')
@Controller('api/providers')
export class ProvidersController {
  constructor(private readonly document: ProvidersDocument) {}

  @Get()
  @QuarryEndpoint({
    operationId: 'listProviders',
    summary: 'List active providers and their chat and embedding models.',
    description:
      'Answers from what is known without waiting on any provider. Use a provider id as providerId ' +
      'and a model key as key in POST /api/search.',
    ok: ProvidersResponseDto,
    errors: { 500: 'Unexpected failure.' },
  })
  @Header('content-type', PROVIDERS_CONTENT_TYPE)
  @ServedByFastify<ProvidersController>({ handler: (controller) => controller.fastifyHandler() })
  list(): string {
    return this.document.json();
  }

  /** list() as a Fastify handler: the same body and content type. */
  fastifyHandler(): RouteHandlerMethod {
    return (_request, reply) => {
      void reply.header('content-type', PROVIDERS_CONTENT_TYPE).send(this.document.json());
    };
  }
}
