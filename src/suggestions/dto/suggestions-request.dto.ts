import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ModelRef } from '../../providers';
import {
  CHAT_HISTORY_ENTRY_SCHEMA,
  IsChatHistory,
  type ChatHistoryEntry,
  modelRefSchema,
  IsModelRef,
  RefusedField,
} from '../../search';

/** POST /api/suggestions: a conversation to suggest follow-up questions for. */
export class SuggestionsRequestDto {
  @ApiProperty({
    description:
      'The conversation, oldest first, as [role, content] pairs or { role, content } objects; ' +
      'role human or user, assistant or ai. At least one turn.',
    type: 'array',
    items: CHAT_HISTORY_ENTRY_SCHEMA,
    example: [
      { role: 'user', content: 'How are meta-search results cached?' },
      {
        role: 'assistant',
        content: 'Results are cached for SEARCH_CACHE_TTL_MS, in Redis when REDIS_URL is set [1].',
      },
    ],
  })
  @IsChatHistory({ required: true })
  readonly chatHistory: ChatHistoryEntry[];

  @ApiPropertyOptional(
    modelRefSchema(
      'Chat model that writes the suggestions, in either shape; absent: the default chat model.',
      { provider: 'builtin', name: 'extractive' },
    ),
  )
  @IsModelRef()
  readonly chatModel?: ModelRef;

  @RefusedField('Refused with 400 (see POST /api/search).')
  readonly customOpenAIBaseURL?: string;

  @RefusedField('Refused with 400 (see POST /api/search).')
  readonly customOpenAIKey?: string;
}
