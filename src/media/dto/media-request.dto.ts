import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import type { ModelRef } from '../../providers';
import {
  CHAT_HISTORY_ENTRY_SCHEMA,
  IsChatHistory,
  type ChatHistoryEntry,
  modelRefSchema,
  IsModelRef,
  RefusedField,
  OPTIMIZATION_MODES,
  type OptimizationMode,
} from '../../search';

/** POST /api/images and /api/videos: a question in a conversation, answered with pictures or videos. */
export class MediaRequestDto {
  @ApiProperty({ description: 'The question, maybe a follow-up.', example: 'And its cathedral?' })
  @IsString({ message: 'query must be a string' })
  @Matches(/\S/, { message: 'query should not be empty' })
  readonly query: string;

  @ApiPropertyOptional({
    description:
      'Earlier turns, oldest first, as [role, content] pairs or { role, content } objects; role ' +
      'human or user, assistant or ai. Used to rewrite a follow-up into a standalone query.',
    type: 'array',
    items: CHAT_HISTORY_ENTRY_SCHEMA,
    example: [
      ['human', 'What is the capital of France?'],
      ['assistant', 'Paris is the capital of France [1].'],
    ],
  })
  @IsChatHistory()
  readonly chatHistory?: ChatHistoryEntry[];

  @ApiPropertyOptional(
    modelRefSchema(
      'Chat model that rewrites the question, in either shape; absent: the default chat model.',
      { provider: 'builtin', name: 'extractive' },
    ),
  )
  @IsModelRef()
  readonly chatModel?: ModelRef;

  @ApiPropertyOptional({
    enum: OPTIMIZATION_MODES,
    description:
      'Default balanced. speed searches the question as given; otherwise a follow-up is rewritten first.',
  })
  @IsOptional()
  @IsIn(OPTIMIZATION_MODES, {
    message: `optimizationMode must be one of: ${OPTIMIZATION_MODES.join(', ')}`,
  })
  readonly optimizationMode?: OptimizationMode;

  @RefusedField('Refused with 400 (see POST /api/search).')
  readonly customOpenAIBaseURL?: string;

  @RefusedField('Refused with 400 (see POST /api/search).')
  readonly customOpenAIKey?: string;
}
