import { Injectable } from '@nestjs/common';
import { RelatedQuestionsWriter } from '../completions';
import { ModelSelector } from '../providers';
import { SearchRunFactory, searchRequestLimitErrors, toHistoryTurns } from '../search';
import type { SuggestionsRequestDto } from './dto/suggestions-request.dto';

/** Follow-up questions for a conversation, written by the chat model (the /v1 related-questions writer). */
@Injectable()
export class SuggestionsService {
  constructor(
    private readonly models: ModelSelector,
    private readonly writer: RelatedQuestionsWriter,
    private readonly runs: SearchRunFactory,
  ) {}

  async suggest(body: SuggestionsRequestDto, signal: AbortSignal): Promise<string[]> {
    const conversation = toHistoryTurns(body.chatHistory);
    this.runs.checkLimits(undefined, conversation, searchRequestLimitErrors('chatHistory'));
    const model = this.models.chatModel(body.chatModel);
    return this.writer.suggest(model, conversation, [], signal);
  }
}
