import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { providersConfig } from './config/providers.config';
import { MODEL_REGISTRY } from './model.ports';
import { ModelRegistryService } from './model-registry.service';
import { ProvidersController } from './providers.controller';

/** Providers and their models: exports MODEL_REGISTRY (ModelRegistry) for the rest of the service. */
@Module({
  imports: [ConfigModule.forFeature(providersConfig)],
  controllers: [ProvidersController],
  providers: [ModelRegistryService, { provide: MODEL_REGISTRY, useExisting: ModelRegistryService }],
  exports: [MODEL_REGISTRY],
})
export class ProvidersModule {}
