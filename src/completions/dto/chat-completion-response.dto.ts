import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';

const ID = 'chatcmpl-6f1c2b3a4d5e6f708192a3b4c5d6e7f8';
const URL_1 = 'https://example.com/quarry/caching';

export class UrlCitationDto {
  @ApiProperty({
    description: 'Offset of the "[" of the marker in message.content (UTF-16 units).',
    example: 62,
  })
  readonly start_index: number;

  @ApiProperty({
    description:
      'Offset just past the "]" of the marker: content.slice(start_index, end_index) is "[n]".',
    example: 65,
  })
  readonly end_index: number;

  @ApiProperty({ example: URL_1 })
  readonly url: string;

  @ApiProperty({ example: 'Quarry search: Caching' })
  readonly title: string;
}

export class UrlCitationAnnotationDto {
  @ApiProperty({ enum: ['url_citation'], example: 'url_citation' })
  readonly type: 'url_citation';

  @ApiProperty({ type: UrlCitationDto })
  readonly url_citation: UrlCitationDto;
}

export class SearchResultDto {
  @ApiProperty({ example: 'Quarry search: Caching' })
  readonly title: string;

  @ApiProperty({ example: URL_1 })
  readonly url: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Publication date (YYYY-MM-DD) when known.',
    example: '2025-03-02',
  })
  readonly date: string | null;

  @ApiProperty({
    description: 'The passage the answer was written from.',
    example: 'Results are cached for ten minutes.',
  })
  readonly snippet: string;
}

export class CompletionMessageDto {
  @ApiProperty({ enum: ['assistant'], example: 'assistant' })
  readonly role: 'assistant';

  @ApiProperty({
    description: 'The answer, Markdown with citation markers [n] (n-th entry of citations).',
    example: 'Search results are cached for ten minutes, in Redis when REDIS_URL is set [1].',
  })
  readonly content: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  readonly refusal: null;

  @ApiProperty({
    type: [UrlCitationAnnotationDto],
    description: 'One url_citation per [n] marker, in order.',
  })
  readonly annotations: UrlCitationAnnotationDto[];
}

export class CompletionChoiceDto {
  @ApiProperty({ example: 0 })
  readonly index: number;

  @ApiProperty({ type: CompletionMessageDto })
  readonly message: CompletionMessageDto;

  @ApiProperty({ type: Object, nullable: true, example: null })
  readonly logprobs: null;

  @ApiProperty({ enum: ['stop', 'length'], example: 'stop' })
  readonly finish_reason: 'stop' | 'length';
}

export class UsageDto {
  @ApiProperty({
    description: 'Tokens sent to the model over every call of this request.',
    example: 812,
  })
  readonly prompt_tokens: number;

  @ApiProperty({ example: 64 })
  readonly completion_tokens: number;

  @ApiProperty({ description: 'prompt_tokens + completion_tokens.', example: 876 })
  readonly total_tokens: number;
}

export class ChatCompletionDto {
  @ApiProperty({ example: ID })
  readonly id: string;

  @ApiProperty({ enum: ['chat.completion'], example: 'chat.completion' })
  readonly object: 'chat.completion';

  @ApiProperty({ description: 'Unix seconds.', example: 1767225600 })
  readonly created: number;

  @ApiProperty({ description: 'The model as requested.', example: 'quarry-speed' })
  readonly model: string;

  @ApiProperty({ type: [CompletionChoiceDto] })
  readonly choices: CompletionChoiceDto[];

  @ApiProperty({ type: UsageDto })
  readonly usage: UsageDto;

  @ApiProperty({
    type: [String],
    description: 'Source URLs; marker [n] cites citations[n-1].',
    example: [URL_1],
  })
  readonly citations: string[];

  @ApiProperty({ type: [SearchResultDto] })
  readonly search_results: SearchResultDto[];

  @ApiPropertyOptional({
    type: [String],
    description: 'Only with return_related_questions: follow-up questions written by the model.',
    example: ['How long are search results cached?', 'Can the cache be shared between replicas?'],
  })
  readonly related_questions?: string[];
}

export class ChunkDeltaDto {
  @ApiPropertyOptional({ enum: ['assistant'], description: 'First chunk only.' })
  readonly role?: 'assistant';

  @ApiPropertyOptional({
    description: 'The next piece of the answer.',
    example: 'Search results are cached',
  })
  readonly content?: string;

  @ApiPropertyOptional({
    type: [UrlCitationAnnotationDto],
    description:
      'Last content chunk (the one with finish_reason): annotations over the whole content.',
  })
  readonly annotations?: UrlCitationAnnotationDto[];
}

export class ChunkChoiceDto {
  @ApiProperty({ example: 0 })
  readonly index: number;

  @ApiProperty({ type: ChunkDeltaDto })
  readonly delta: ChunkDeltaDto;

  @ApiProperty({ type: Object, nullable: true, example: null })
  readonly logprobs: null;

  // null is listed in the enum too: OpenAPI 3.0 validators check enum before nullable.
  @ApiProperty({ type: String, nullable: true, enum: ['stop', 'length', null], example: null })
  readonly finish_reason: 'stop' | 'length' | null;
}

/** One `data:` line of the stream; documented for clients, sent as text/event-stream. */
export class ChatCompletionChunkDto {
  @ApiProperty({ example: ID })
  readonly id: string;

  @ApiProperty({ enum: ['chat.completion.chunk'], example: 'chat.completion.chunk' })
  readonly object: 'chat.completion.chunk';

  @ApiProperty({ example: 1767225600 })
  readonly created: number;

  @ApiProperty({ example: 'quarry-speed' })
  readonly model: string;

  @ApiProperty({ type: [ChunkChoiceDto], description: 'Empty on the usage chunk.' })
  readonly choices: ChunkChoiceDto[];

  // OpenAPI 3.0 cannot make a $ref nullable (allOf + nullable still rejects null in strict
  // validators): UsageDto or the schema whose only value is null, which generators type as null.
  @ApiPropertyOptional({
    anyOf: [
      { $ref: getSchemaPath(UsageDto) },
      { type: 'object', nullable: true, enum: [null], description: 'null' },
    ],
    description:
      'With stream_options.include_usage: null on every chunk but the last, which has it.',
  })
  readonly usage?: UsageDto | null;

  @ApiPropertyOptional({ type: [String], description: 'First chunk only.' })
  readonly citations?: string[];

  @ApiPropertyOptional({ type: [SearchResultDto], description: 'First chunk only.' })
  readonly search_results?: SearchResultDto[];

  @ApiPropertyOptional({ type: [String], description: 'Chunk with finish_reason, when asked.' })
  readonly related_questions?: string[];
}
