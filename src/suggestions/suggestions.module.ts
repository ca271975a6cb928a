import { Module } from '@nestjs/common';
import { CompletionsModule } from '../completions/completions.module';
import { ProvidersModule } from '../providers/providers.module';
import { SearchModule } from '../search/search.module';
import { SuggestionsController } from './suggestions.controller';
import { SuggestionsService } from './suggestions.service';

/** POST /api/suggestions, Perplexica's follow-up suggestions, on the /v1 related-questions writer. */
@Module({
  imports: [ProvidersModule, SearchModule, CompletionsModule],
  controllers: [SuggestionsController],
  providers: [SuggestionsService],
})
export class SuggestionsModule {}
