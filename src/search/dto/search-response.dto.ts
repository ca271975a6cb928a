import { ApiProperty } from '@nestjs/swagger';

export class SourceMetadataDto {
  @ApiProperty({ example: 'Quarry search: Caching' })
  readonly title: string;

  @ApiProperty({ example: 'file:///opt/quarry/docs/search.md#caching' })
  readonly url: string;
}

export class SourceDto {
  @ApiProperty({ description: 'Passage of the source given to the model.' })
  readonly content: string;

  @ApiProperty({ type: SourceMetadataDto })
  readonly metadata: SourceMetadataDto;
}

export class SearchResponseDto {
  @ApiProperty({
    description: 'The answer, Markdown with citation markers [n] pointing into sources (1-based).',
    example:
      'Search results are cached for SEARCH_CACHE_TTL_MS, in Redis when REDIS_URL is set [1].',
  })
  readonly message: string;

  @ApiProperty({ type: [SourceDto] })
  readonly sources: SourceDto[];
}
