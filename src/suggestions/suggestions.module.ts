import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { CompletionsModule } from '../completions/completions.module';
import { ProvidersModule } from '../providers/providers.module';
import { searchConfig } from '../search';
import { SuggestionsController } from './suggestions.controller';
import { SuggestionsService } from './suggestions.service';

/** POST /api/suggestions, Perplexica's follow-up suggestions, on the /v1 related-questions writer. */
@Module({
  imports: [ConfigModule.forFeature(searchConfig), ProvidersModule, CompletionsModule],
  controllers: [SuggestionsController],
  providers: [SuggestionsService],
})
export class SuggestionsModule {}
