import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthModule } from './auth/auth.module';
import { BearerAuthGuard } from './auth/bearer-auth.guard';
import { CommonModule } from './common/common.module';
import { CompletionsModule } from './completions/completions.module';
import { ConnectorsModule } from './connectors/connectors.module';
import { HealthModule } from './health/health.module';
import { HomeModule } from './home/home.module';
import { LimitsModule, RATE_LIMIT_GUARD } from './limits/limits.module';
import { SearchConcurrencyGuard } from './limits/search-concurrency.guard';
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
  // The global guards, in the order they run (Nest runs APP_GUARDs in registration order):
  // 1. authentication puts the caller on the request (or refuses with 401);
  // 2. the rate limit counts per caller (user id, else address);
  // 3. the search concurrency cap, last, so a refused or throttled request never holds a slot.
  providers: [
    { provide: APP_GUARD, useExisting: BearerAuthGuard },
    { provide: APP_GUARD, useExisting: RATE_LIMIT_GUARD },
    { provide: APP_GUARD, useExisting: SearchConcurrencyGuard },
  ],
})
export class AppModule {}
