import { Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module';
import { CommonModule } from './common/common.module';
import { CompletionsModule } from './completions/completions.module';
import { ConnectorsModule } from './connectors/connectors.module';
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
    CompletionsModule,
    MediaModule,
    SuggestionsModule,
    ConnectorsModule,
    ProxyModule,
  ],
})
export class AppModule {}
