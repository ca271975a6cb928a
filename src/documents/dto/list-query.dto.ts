import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** OpenAI's cursor pagination: after/before an id, up to limit objects, by creation time. */
export class ListQueryDto {
  @ApiPropertyOptional({ description: 'Id of the object the page starts after.' })
  @IsOptional()
  @IsString()
  readonly after?: string;

  @ApiPropertyOptional({ description: 'Id of the object the page ends before.' })
  @IsOptional()
  @IsString()
  readonly before?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  readonly limit?: number;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  readonly order?: 'asc' | 'desc';
}

/** GET /v1/files: OpenAI lists up to 10,000 files a page, and that many by default. */
export class FilesListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 10_000, default: 10_000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000)
  declare readonly limit?: number;

  @ApiPropertyOptional({ description: 'Only files of this purpose.' })
  @IsOptional()
  @IsString()
  readonly purpose?: string;
}

/** The files of a vector store or batch. */
export class StoreFilesListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({
    description: 'Only files with this status.',
    enum: ['in_progress', 'completed', 'failed', 'cancelled'],
  })
  @IsOptional()
  @IsIn(['in_progress', 'completed', 'failed', 'cancelled'])
  readonly filter?: string;
}
