import { Controller, Get, Inject } from '@nestjs/common';
import {
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorBody } from '../common/errors/error-body';
import { ProvidersResponseDto } from './dto/providers-response.dto';
import { MODEL_REGISTRY, type ModelRegistry } from './model.ports';

@ApiTags('providers')
@Controller('api/providers')
export class ProvidersController {
  constructor(@Inject(MODEL_REGISTRY) private readonly registry: ModelRegistry) {}

  @Get()
  @ApiOperation({
    summary: 'List active providers and their chat and embedding models.',
    description:
      'Answers from what is known without waiting on any provider. Use a provider id as providerId ' +
      'and a model key as key in POST /api/search.',
  })
  @ApiOkResponse({ type: ProvidersResponseDto })
  @ApiInternalServerErrorResponse({ type: ErrorBody, description: 'Unexpected failure.' })
  list(): ProvidersResponseDto {
    return {
      providers: this.registry.listActive().map((provider) => ({
        id: provider.id,
        name: provider.name,
        chatModels: provider.chatModels.map(({ name, key }) => ({ name, key })),
        embeddingModels: provider.embeddingModels.map(({ name, key }) => ({ name, key })),
      })),
    };
  }
}
