import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { modelDefaultsConfig } from './config/model-defaults.config';
import { providersConfig } from './config/providers.config';
import { MODEL_REGISTRY } from './model.ports';
import { ModelRegistryService } from './model-registry.service';
import { ModelsByProviderController } from './models-by-provider.controller';
import { ProvidersController } from './providers.controller';
import { ModelSelector } from './selection/model-selector.service';

/**
 * Providers and their models: exports MODEL_REGISTRY (ModelRegistry) for the rest of the service,
 * and ModelSelector, which resolves a request's model reference (either shape, or the default).
 */
@Module({
  imports: [ConfigModule.forFeature(providersConfig), ConfigModule.forFeature(modelDefaultsConfig)],
  controllers: [ProvidersController, ModelsByProviderController],
  providers: [
    ModelRegistryService,
    { provide: MODEL_REGISTRY, useExisting: ModelRegistryService },
    ModelSelector,
  ],
  exports: [MODEL_REGISTRY, ModelSelector],
})
export class ProvidersModule {}
