import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { modelDefaultsConfig } from './config/model-defaults.config';
import { providersConfig } from './config/providers.config';
import { MODEL_REGISTRY } from './model.ports';
import { ModelRegistryService } from './model-registry.service';
import { ModelsByProviderController } from './models-by-provider.controller';
import { ProvidersController } from './providers.controller';
import { ProvidersDocument } from './providers-document';
import { ProvidersStartupFacts } from './providers-startup.facts';
import { ModelSelector } from './selection/model-selector.service';

// Exported with the module: /v1 resolves its default models from the same settings.
const modelDefaults = ConfigModule.forFeature(modelDefaultsConfig);

/**
 * Providers and their models: exports MODEL_REGISTRY (ModelRegistry) for the rest of the service,
 * and ModelSelector, which resolves a request's model reference (either shape, or the default).
 */
@Module({
  imports: [ConfigModule.forFeature(providersConfig), modelDefaults],
  controllers: [ProvidersController, ModelsByProviderController],
  providers: [
    ModelRegistryService,
    { provide: MODEL_REGISTRY, useExisting: ModelRegistryService },
    ModelSelector,
    ProvidersDocument,
    ProvidersStartupFacts,
  ],
  exports: [MODEL_REGISTRY, ModelSelector, modelDefaults],
})
export class ProvidersModule {}
