import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { RelatedQuestionsWriter } from '../completions';
import { ModelSelector } from '../providers';
import { toHistoryTurns, searchConfig, SearchRequestInvalidError } from '../search';
import type { SuggestionsRequestDto } from './dto/suggestions-request.dto';

/** Follow-up questions for a conversation, written by the chat model (the /v1 related-questions writer). */
@Injectable()
export class SuggestionsService {
  constructor(
    private readonly models: ModelSelector,
    private readonly writer: RelatedQuestionsWriter,
    @Inject(searchConfig.KEY) private readonly search: ConfigType<typeof searchConfig>,
  ) {}

  async suggest(body: SuggestionsRequestDto, signal: AbortSignal): Promise<string[]> {
    const conversation = toHistoryTurns(body.chatHistory);
    if (conversation.length > this.search.maxHistoryTurns) {
      throw new SearchRequestInvalidError(
        `chatHistory must have at most ${this.search.maxHistoryTurns} turns (got ${conversation.length})`,
      );
    }
    const model = this.models.chatModel(body.chatModel);
    return this.writer.suggest(model, conversation, [], signal);
  }
}
