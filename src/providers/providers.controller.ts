import { Controller, Get, Header } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorBody } from '../common/errors/error-body';
import { ProvidersResponseDto } from './dto/providers-response.dto';
import { ProvidersDocument } from './providers-document';

export const PROVIDERS_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Declares and documents GET /api/providers; ProvidersRoutes serves it as a plain Fastify handler
 * behind the same global guards (this method runs only where there is no Fastify instance).
 */
@ApiTags('providers')
@ApiBearerAuth()
@Controller('api/providers')
export class ProvidersController {
  constructor(private readonly document: ProvidersDocument) {}

  @Get()
  @ApiOperation({
    operationId: 'listProviders',
    summary: 'List active providers and their chat and embedding models.',
    description:
      'Answers from what is known without waiting on any provider. Use a provider id as providerId ' +
      'and a model key as key in POST /api/search.',
  })
  @ApiOkResponse({ type: ProvidersResponseDto })
  @ApiInternalServerErrorResponse({ type: ErrorBody, description: 'Unexpected failure.' })
  @Header('content-type', PROVIDERS_CONTENT_TYPE)
  list(): string {
    return this.document.json();
  }
}
