import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { ProvidersModule } from '../providers/providers.module';
import { SearchModule } from '../search/search.module';
import { StreamingModule } from '../streaming/streaming.module';
import { ChatCompletionsController } from './chat-completions.controller';
import { ChatCompletionsService } from './chat-completions.service';
import { completionsConfig } from './completions.config';
import { OpenAiErrorPresenter } from './errors/openai-error.presenter';
import { ModelsController } from './models.controller';
import { CompletionModelResolver } from './models/completion-model.resolver';
import { RelatedQuestionsWriter } from './related/related-questions.writer';
import { SseWriter } from './streaming/sse.writer';

/** OpenAI- and Sonar-compatible routes: POST /v1/chat/completions and GET /v1/models. */
@Module({
  imports: [
    ConfigModule.forFeature(completionsConfig),
    ProvidersModule,
    SearchModule,
    StreamingModule,
  ],
  controllers: [ChatCompletionsController, ModelsController],
  providers: [
    CompletionModelResolver,
    ChatCompletionsService,
    RelatedQuestionsWriter,
    SseWriter,
    OpenAiErrorPresenter,
  ],
  exports: [RelatedQuestionsWriter],
})
export class CompletionsModule {}
