import { Controller, Get, Inject } from '@nestjs/common';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import { ModelsByProviderDto } from './dto/models-by-provider.dto';
import { MODEL_REGISTRY, type ModelDescriptor, type ModelRegistry } from './model.ports';
import { providerKeys } from './selection/provider-keys';

@QuarryApi('providers')
@Controller('api/models')
export class ModelsByProviderController {
  constructor(@Inject(MODEL_REGISTRY) private readonly registry: ModelRegistry) {}

  @Get()
  @QuarryEndpoint({
    operationId: 'listModelsByProvider',
    summary: "List active models by provider key, in Perplexica's older /api/models shape.",
    description:
      'The same registry as GET /api/providers. A provider key and a model key name a model as ' +
      '{ "provider": "<provider key>", "name": "<model key>" } in POST /api/search, /api/images, ' +
      '/api/videos and /api/suggestions. Providers are listed in the order defaults are picked ' +
      'from (providers file, environment shortcuts, built-in); a provider without models of a ' +
      'kind is left out of that kind.',
    ok: ModelsByProviderDto,
    errors: { 500: 'Unexpected failure.' },
  })
  list(): ModelsByProviderDto {
    const providers = this.registry.listActive();
    const keys = providerKeys(providers);
    const byProvider = (pick: (p: (typeof providers)[number]) => readonly ModelDescriptor[]) =>
      Object.fromEntries(
        providers
          .filter((provider) => pick(provider).length > 0)
          .map((provider) => [
            keys.get(provider.id)!,
            Object.fromEntries(pick(provider).map((m) => [m.key, { displayName: m.name }])),
          ]),
      );
    return {
      chatModelProviders: byProvider((p) => p.chatModels),
      embeddingModelProviders: byProvider((p) => p.embeddingModels),
    };
  }
}
