import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { BUILTIN_PROVIDER_ID } from '../../providers';
import {
  MAX_DOMAIN_FILTER_ENTRIES,
  FILTER_DATE_FORMATS,
  RECENCIES,
  type Recency,
  MAX_SOURCES_LIMIT,
} from '../../search';
import { IsChatMessages, MESSAGE_ROLES, type RequestMessage } from './chat-messages.validator';
import { IsStopSequences } from './stop-sequences.validator';

/** Sonar's search_mode values plus Quarry's local documents index. */
export const SEARCH_MODES = ['web', 'academic', 'discussions', 'local'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const SEARCH_CONTEXT_SIZES = ['low', 'medium', 'high'] as const;
export type SearchContextSize = (typeof SEARCH_CONTEXT_SIZES)[number];

export class StreamOptionsDto {
  @ApiPropertyOptional({
    description: 'true: one last chunk before [DONE] carries usage, with empty choices.',
    example: true,
  })
  @IsOptional()
  // The path is prefixed by validationProblems, as for every nested field.
  @IsBoolean({ message: 'include_usage must be a boolean' })
  readonly include_usage?: boolean;
}

export class WebSearchOptionsDto {
  @ApiPropertyOptional({
    enum: SEARCH_CONTEXT_SIZES,
    description: 'How much is searched and read: low = speed, medium = balanced, high = quality.',
    example: 'low',
  })
  @IsOptional()
  @IsIn(SEARCH_CONTEXT_SIZES, {
    message: `search_context_size must be one of: ${SEARCH_CONTEXT_SIZES.join(', ')}`,
  })
  readonly search_context_size?: SearchContextSize;
}

class ChatMessageSchema {
  @ApiProperty({ enum: MESSAGE_ROLES, example: 'user' })
  readonly role: string;

  @ApiProperty({
    oneOf: [
      { type: 'string' },
      {
        type: 'array',
        items: {
          type: 'object',
          properties: { type: { type: 'string', enum: ['text'] }, text: { type: 'string' } },
          required: ['type', 'text'],
        },
      },
    ],
    example: 'How does Quarry cache search results?',
  })
  readonly content: string;
}

/**
 * POST /v1/chat/completions: OpenAI's Chat Completions request with Perplexity Sonar's search
 * fields. Unknown fields (tools...) are ignored.
 */
export class ChatCompletionRequestDto {
  @ApiProperty({
    description:
      'A chat model as `<providerId>/<chatModelKey>` (GET /v1/models), or an alias from QUARRY_MODEL_ALIASES.',
    example: `${BUILTIN_PROVIDER_ID}/extractive`,
  })
  @IsString({ message: 'model must be a string' })
  @MinLength(1, { message: 'model must not be empty' })
  readonly model: string;

  @ApiProperty({
    type: [ChatMessageSchema],
    description:
      'The conversation. The last message must be from the user: it is the query. Earlier user and ' +
      'assistant turns are the history; system (and developer) messages become the instructions.',
    example: [
      { role: 'system', content: 'Answer in two sentences.' },
      { role: 'user', content: 'How does Quarry cache search results?' },
    ],
  })
  @IsChatMessages()
  readonly messages: RequestMessage[];

  @ApiPropertyOptional({
    description: 'true answers as POST /v1/chat/completions/stream; ignored there. Default: false.',
  })
  @IsOptional()
  @IsBoolean({ message: 'stream must be a boolean' })
  readonly stream?: boolean;

  @ApiPropertyOptional({ type: StreamOptionsDto })
  @IsOptional()
  @IsObject({ message: 'stream_options must be an object' })
  @ValidateNested()
  @Type(() => StreamOptionsDto)
  readonly stream_options?: StreamOptionsDto;

  @ApiPropertyOptional({ minimum: 0, maximum: 2, example: 0.2 })
  @IsOptional()
  @IsNumber({}, { message: 'temperature must be a number' })
  @Min(0, { message: 'temperature must be from 0 to 2' })
  @Max(2, { message: 'temperature must be from 0 to 2' })
  readonly temperature?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1, example: 0.9 })
  @IsOptional()
  @IsNumber({}, { message: 'top_p must be a number' })
  @Min(0, { message: 'top_p must be from 0 to 1' })
  @Max(1, { message: 'top_p must be from 0 to 1' })
  readonly top_p?: number;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, maxItems: 4 }],
    description: 'The answer ends before the first of these.',
  })
  @IsStopSequences()
  readonly stop?: string | string[];

  // One answer is written per request; a client asking for more is told, not given one.
  @ApiPropertyOptional({ enum: [1] })
  @IsOptional()
  @IsIn([1], { message: 'n must be 1: one answer is written per request' })
  readonly n?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'Upper bound of answer tokens.',
    example: 512,
  })
  @IsOptional()
  @IsInt({ message: 'max_tokens must be an integer' })
  @Min(1, { message: 'max_tokens must be at least 1' })
  readonly max_tokens?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: "OpenAI's newer name for max_tokens; wins when both are given.",
  })
  @IsOptional()
  @IsInt({ message: 'max_completion_tokens must be an integer' })
  @Min(1, { message: 'max_completion_tokens must be at least 1' })
  readonly max_completion_tokens?: number;

  @ApiPropertyOptional({
    enum: SEARCH_MODES,
    description:
      'Where to search: web, academic, discussions (meta-search) or local (documents index, ' +
      'offline). Default: web when a meta-search backend is configured, else local.',
  })
  @IsOptional()
  @IsIn(SEARCH_MODES, { message: `search_mode must be one of: ${SEARCH_MODES.join(', ')}` })
  readonly search_mode?: SearchMode;

  @ApiPropertyOptional({
    type: [String],
    description:
      'search_mode local: only these stores (POST /v1/vector_stores; `vs_local_docs` is LOCAL_DOCS_DIR; 404 for one the caller cannot read); all, and LOCAL_DOCS_DIR, when absent.',
    example: ['vs_0123456789abcdef01234567'],
  })
  @IsOptional()
  @IsArray({ message: 'vector_store_ids must be an array of vector store ids' })
  @ArrayMaxSize(100, { message: 'vector_store_ids: at most 100 entries are allowed' })
  @IsString({ each: true, message: 'vector_store_ids must be an array of vector store ids' })
  readonly vector_store_ids?: string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_DOMAIN_FILTER_ENTRIES,
    description:
      'Up to 20 domains: `example.com` keeps only that domain (and subdomains), `-example.com` drops it.',
    example: ['wikipedia.org', '-pinterest.com'],
  })
  @IsOptional()
  @IsArray({ message: 'search_domain_filter must be an array of domains' })
  @ArrayMaxSize(MAX_DOMAIN_FILTER_ENTRIES, {
    message: `search_domain_filter: at most ${MAX_DOMAIN_FILTER_ENTRIES} entries are allowed`,
  })
  @IsString({ each: true, message: 'search_domain_filter must contain strings' })
  readonly search_domain_filter?: string[];

  @ApiPropertyOptional({ enum: RECENCIES, example: 'week' })
  @IsOptional()
  @IsIn(RECENCIES, { message: `search_recency_filter must be one of: ${RECENCIES.join(', ')}` })
  readonly search_recency_filter?: Recency;

  @ApiPropertyOptional({
    description: `Only results published on or after this day (${FILTER_DATE_FORMATS}).`,
    example: '3/1/2025',
  })
  @IsOptional()
  @IsString({ message: 'search_after_date_filter must be a string' })
  readonly search_after_date_filter?: string;

  @ApiPropertyOptional({
    description: `Only results published on or before this day (${FILTER_DATE_FORMATS}).`,
    example: '2025-03-31',
  })
  @IsOptional()
  @IsString({ message: 'search_before_date_filter must be a string' })
  readonly search_before_date_filter?: string;

  @ApiPropertyOptional({ type: WebSearchOptionsDto })
  @IsOptional()
  @IsObject({ message: 'web_search_options must be an object' })
  @ValidateNested()
  @Type(() => WebSearchOptionsDto)
  readonly web_search_options?: WebSearchOptionsDto;

  @ApiPropertyOptional({
    description:
      'true: the response adds related_questions, 3 to 5 follow-ups written by the model. Default: false.',
  })
  @IsOptional()
  @IsBoolean({ message: 'return_related_questions must be a boolean' })
  readonly return_related_questions?: boolean;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_SOURCES_LIMIT,
    description: "How many sources the answer is written from; the mode's default when absent.",
    example: 5,
  })
  @IsOptional()
  @IsInt({ message: 'max_sources must be an integer' })
  @Min(1, { message: `max_sources must be from 1 to ${MAX_SOURCES_LIMIT}` })
  @Max(MAX_SOURCES_LIMIT, { message: `max_sources must be from 1 to ${MAX_SOURCES_LIMIT}` })
  readonly max_sources?: number;

  @ApiPropertyOptional({
    description:
      'true: no search; the model answers from the conversation alone (no citations). Default: false.',
  })
  @IsOptional()
  @IsBoolean({ message: 'disable_search must be a boolean' })
  readonly disable_search?: boolean;
}
