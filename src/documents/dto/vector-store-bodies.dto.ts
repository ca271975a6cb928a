import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsOpenAiMetadata } from './metadata.validator';

const CHUNKING_EXAMPLE = {
  type: 'static',
  static: { max_chunk_size_tokens: 800, chunk_overlap_tokens: 400 },
};

export class CreateVectorStoreDto {
  @ApiPropertyOptional({ example: 'Handbook' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  readonly name?: string;

  @ApiPropertyOptional({ type: [String], example: ['file-abc123'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  readonly file_ids?: string[];

  @ApiPropertyOptional({ example: { team: 'support' } })
  @IsOpenAiMetadata()
  readonly metadata?: Record<string, string>;

  @ApiPropertyOptional({ example: CHUNKING_EXAMPLE })
  @IsOptional()
  @IsObject()
  readonly chunking_strategy?: unknown;

  @ApiPropertyOptional({
    description:
      'Quarry: the embedding model of the store, `<providerId>/<key>`; default QUARRY_DEFAULT_EMBEDDING_MODEL, else the built-in one. A store keeps its model.',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[^/]+\/.+$/, { message: 'embedding_model must be <providerId>/<key>' })
  readonly embedding_model?: string;
}

export class UpdateVectorStoreDto {
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  readonly name?: string | null;

  @ApiPropertyOptional({ example: { team: 'support' } })
  @IsOpenAiMetadata()
  readonly metadata?: Record<string, string>;
}

/** What a file added to a store carries: its attributes (for filters) and how it is chunked. */
class StoreFileSettingsDto {
  @ApiPropertyOptional({ example: { category: 'runbook', year: 2026 } })
  @IsOptional()
  @IsObject()
  readonly attributes?: Record<string, unknown>;

  @ApiPropertyOptional({ example: CHUNKING_EXAMPLE })
  @IsOptional()
  @IsObject()
  readonly chunking_strategy?: unknown;
}

export class AddStoreFileDto extends StoreFileSettingsDto {
  @ApiProperty({ example: 'file-abc123' })
  @IsString()
  readonly file_id: string;
}

export class CreateFileBatchDto extends StoreFileSettingsDto {
  @ApiProperty({ type: [String], example: ['file-abc123', 'file-def456'] })
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  readonly file_ids: string[];
}

export class RankingOptionsDto {
  @ApiPropertyOptional({ enum: ['auto', 'default-2024-11-15'] })
  readonly ranker?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 1 })
  readonly score_threshold?: number;
}

export class VectorStoreSearchDto {
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    example: 'How do I rotate the keys?',
  })
  @IsDefined()
  readonly query: string | string[];

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 10 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  readonly max_num_results?: number;

  @ApiPropertyOptional({ example: { type: 'eq', key: 'category', value: 'runbook' } })
  @IsOptional()
  @IsObject()
  readonly filters?: unknown;

  @ApiPropertyOptional({ type: RankingOptionsDto })
  @IsOptional()
  @IsObject()
  readonly ranking_options?: RankingOptionsDto;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  readonly rewrite_query?: boolean;
}
