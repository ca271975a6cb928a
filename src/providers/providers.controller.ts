import { Controller, Get, Header, Inject } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorBody } from '../common/errors/error-body';
import { ProvidersResponseDto } from './dto/providers-response.dto';
import { MODEL_REGISTRY, type ModelRegistry, type ProviderDescriptor } from './model.ports';

@ApiTags('providers')
@ApiBearerAuth()
@Controller('api/providers')
export class ProvidersController {
  constructor(@Inject(MODEL_REGISTRY) private readonly registry: ModelRegistry) {}

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
  @Header('content-type', 'application/json; charset=utf-8')
  list(): string {
    // The list changes only when discovery refreshes a provider; until then the same model-list
    // arrays come back, so the serialised body is reused instead of rebuilt on every request.
    const providers = this.registry.listActive();
    if (!this.body || !sameProviders(this.body.providers, providers)) {
      this.body = { providers, json: JSON.stringify(toResponse(providers)) };
    }
    return this.body.json;
  }

  private body?: { providers: readonly ProviderDescriptor[]; json: string };
}

function toResponse(providers: readonly ProviderDescriptor[]): ProvidersResponseDto {
  return {
    providers: providers.map((provider) => ({
      id: provider.id,
      name: provider.name,
      chatModels: provider.chatModels.map(({ name, key }) => ({ name, key })),
      embeddingModels: provider.embeddingModels.map(({ name, key }) => ({ name, key })),
    })),
  };
}

function sameProviders(
  previous: readonly ProviderDescriptor[],
  current: readonly ProviderDescriptor[],
): boolean {
  return (
    previous.length === current.length &&
    previous.every(
      (provider, i) =>
        provider.id === current[i].id &&
        provider.name === current[i].name &&
        provider.chatModels === current[i].chatModels &&
        provider.embeddingModels === current[i].embeddingModels,
    )
  );
}
