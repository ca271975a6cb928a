import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { BUILTIN_PROVIDER_ID, type ModelRef } from '../../providers';
import { MAX_DOMAIN_FILTER_ENTRIES } from '../filters/domain-filter';
import { FILTER_DATE_FORMATS } from '../filters/filter-date';
import { RECENCIES, type Recency } from '../filters/recency';
import { MAX_SOURCES_LIMIT } from '../filters/search-filters';
import { OPTIMIZATION_MODES, SOURCE_KINDS, type OptimizationMode } from '../search-run';
import { FOCUS_MODES, type FocusMode } from './focus-mode';
import { IsHistory } from './history.validator';
import { modelRefSchema } from './model-ref.dto';
import { IsModelRef } from './model-ref.validator';
import { RefusedField } from './refused-field.decorator';

/** POST /api/search body: the interface's SearchRequest plus the deprecated fields older clients send. */
export class SearchRequestDto {
  @ApiPropertyOptional(
    modelRefSchema(
      'Chat model that writes the answer: { providerId, key } or the older { provider, name }. ' +
        'Absent: QUARRY_DEFAULT_CHAT_MODEL, else the first chat model of the first active provider.',
      { providerId: BUILTIN_PROVIDER_ID, key: 'extractive' },
    ),
  )
  @IsModelRef()
  readonly chatModel?: ModelRef;

  @ApiPropertyOptional(
    modelRefSchema(
      'Embedding model used to rank results by similarity, in either shape. Absent: ' +
        "QUARRY_DEFAULT_EMBEDDING_MODEL, else the chat model's provider's first embedding model, " +
        'else the first of the first active provider that has one.',
      { providerId: BUILTIN_PROVIDER_ID, key: 'hashing' },
    ),
  )
  @IsModelRef()
  readonly embeddingModel?: ModelRef;

  @ApiProperty({
    enum: SOURCE_KINDS,
    isArray: true,
    description:
      'Where to search: web, academic, discussions (through the meta-search backend) and local ' +
      '(documents under LOCAL_DOCS_DIR, works offline). Non-empty, no duplicates. May be omitted ' +
      'only when the deprecated focusMode is given.',
    example: ['local'],
  })
  @ValidateIf(
    (body: SearchRequestDto) => body.focusMode === undefined || body.sources !== undefined,
  )
  @IsArray({ message: `sources must be a non-empty array of: ${SOURCE_KINDS.join(', ')}` })
  @ArrayNotEmpty({ message: `sources must be a non-empty array of: ${SOURCE_KINDS.join(', ')}` })
  @ArrayUnique({ message: 'sources must not contain duplicates' })
  @IsIn(SOURCE_KINDS, {
    each: true,
    message: `each value in sources must be one of: ${SOURCE_KINDS.join(', ')}`,
  })
  readonly sources?: string[];

  @ApiPropertyOptional({
    type: [String],
    description:
      'The local source searches only these stores (POST /v1/vector_stores; `vs_local_docs` is LOCAL_DOCS_DIR; 404 for one the caller cannot read); all, and LOCAL_DOCS_DIR, when absent.',
    example: ['vs_0123456789abcdef01234567'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  readonly vectorStoreIds?: string[];

  @ApiProperty({ description: 'The question.', example: 'How does Quarry cache search results?' })
  @IsString({ message: 'query must be a string' })
  @Matches(/\S/, { message: 'query should not be empty' })
  readonly query: string;

  // No `default` keyword: generators (openapi-typescript) would make the field required.
  @ApiPropertyOptional({ enum: OPTIMIZATION_MODES, description: 'Default: speed.' })
  @IsOptional()
  @IsIn(OPTIMIZATION_MODES, {
    message: `optimizationMode must be one of: ${OPTIMIZATION_MODES.join(', ')}`,
  })
  readonly optimizationMode?: OptimizationMode;

  @ApiPropertyOptional({
    description: "Style, format or focus preferences; lower priority than the service's rules.",
    example: 'Answer in two short paragraphs.',
  })
  @IsOptional()
  @IsString()
  readonly systemInstructions?: string;

  @ApiPropertyOptional({
    description:
      'Earlier turns, oldest first, as [role, content] pairs; role is human or assistant ' +
      '(deprecated aliases: user, ai).',
    type: 'array',
    items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
    example: [
      ['human', 'What is Quarry?'],
      ['assistant', 'Quarry is an AI answer engine served as an HTTP API [1].'],
    ],
  })
  @IsOptional()
  @IsHistory()
  readonly history?: Array<[string, string]>;

  @ApiPropertyOptional({
    deprecated: true,
    description:
      "Perplexica's way to stream: true on POST /api/search answers the lines of " +
      'POST /api/search/stream, as text/event-stream. Ignored by /api/search/stream. Default: false.',
  })
  @IsOptional()
  @IsBoolean({ message: 'stream must be a boolean' })
  readonly stream?: boolean;

  @ApiPropertyOptional({
    enum: FOCUS_MODES,
    deprecated: true,
    description:
      'Deprecated: use sources. Used only when sources is absent: webSearch, youtubeSearch and ' +
      'wolframAlphaSearch -> ["web"], academicSearch -> ["academic"], redditSearch -> ' +
      '["discussions"], writingAssistant -> no search (answer from history alone).',
  })
  @IsOptional()
  @IsIn(FOCUS_MODES, { message: `focusMode must be one of: ${FOCUS_MODES.join(', ')}` })
  readonly focusMode?: FocusMode;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_DOMAIN_FILTER_ENTRIES,
    description:
      'Up to 20 domains: `example.com` keeps only results from it (and its subdomains), ' +
      '`-example.com` drops them.',
    example: ['-pinterest.com'],
  })
  @IsOptional()
  @IsArray({ message: 'domainFilter must be an array of domains' })
  @ArrayMaxSize(MAX_DOMAIN_FILTER_ENTRIES, {
    message: `domainFilter: at most ${MAX_DOMAIN_FILTER_ENTRIES} entries are allowed`,
  })
  @IsString({ each: true, message: 'domainFilter must contain strings' })
  readonly domainFilter?: string[];

  @ApiPropertyOptional({ enum: RECENCIES, description: 'Only results published this recently.' })
  @IsOptional()
  @IsIn(RECENCIES, { message: `recencyFilter must be one of: ${RECENCIES.join(', ')}` })
  readonly recencyFilter?: Recency;

  @ApiPropertyOptional({
    description: `Only results published on or after this day (${FILTER_DATE_FORMATS}).`,
    example: '2025-03-01',
  })
  @IsOptional()
  @IsString({ message: 'afterDate must be a string' })
  readonly afterDate?: string;

  @ApiPropertyOptional({
    description: `Only results published on or before this day (${FILTER_DATE_FORMATS}).`,
    example: '03/31/2025',
  })
  @IsOptional()
  @IsString({ message: 'beforeDate must be a string' })
  readonly beforeDate?: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_SOURCES_LIMIT,
    description: "How many sources the answer is written from; the mode's default when absent.",
  })
  @IsOptional()
  @IsInt({ message: 'maxSources must be an integer' })
  @Min(1, { message: `maxSources must be from 1 to ${MAX_SOURCES_LIMIT}` })
  @Max(MAX_SOURCES_LIMIT, { message: `maxSources must be from 1 to ${MAX_SOURCES_LIMIT}` })
  readonly maxSources?: number;

  @RefusedField(
    'Refused with 400: the service calls only providers configured on the server, never an ' +
      'address or key chosen by a caller. Also refused inside chatModel.',
  )
  readonly customOpenAIBaseURL?: string;

  @RefusedField('Refused with 400, as customOpenAIBaseURL.')
  readonly customOpenAIKey?: string;
}
