import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { GLOBAL_GUARDS } from './auth/global-guards';
import { CommonModule } from './common/common.module';
import { CompletionsModule } from './completions/completions.module';
import { ConnectorsModule } from './connectors/connectors.module';
import { DocumentsModule } from './documents/documents.module';
import { HealthModule } from './health/health.module';
import { HomeModule } from './home/home.module';
import { LimitsModule } from './limits/limits.module';
import { MediaModule } from './media/media.module';
import { ObservabilityModule } from './observability/observability.module';
import { ProvidersModule } from './providers/providers.module';
import { ProxyModule } from './proxy/proxy.module';
import { SearchModule } from './search/search.module';
import { StreamingModule } from './streaming/streaming.module';
import { SuggestionsModule } from './suggestions/suggestions.module';

@Module({
  imports: [
    CommonModule,
    ObservabilityModule,
    HealthModule,
    HomeModule,
    AuthModule,
    LimitsModule,
    ProvidersModule,
    StreamingModule,
    SearchModule,
    DocumentsModule,
    CompletionsModule,
    MediaModule,
    SuggestionsModule,
    ConnectorsModule,
    ProxyModule,
  ],
  // The global guards, in the order they run (Nest runs APP_GUARDs in registration order).
  providers: GLOBAL_GUARDS.map((guard) => ({ provide: APP_GUARD, useExisting: guard })),
})
export class AppModule {}
