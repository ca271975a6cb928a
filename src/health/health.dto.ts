import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class LivenessDto {
  @ApiProperty({ example: 'ok' })
  readonly status: 'ok';
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ok', 'error'], example: 'ok' })
  readonly status: string;

  @ApiPropertyOptional({
    description: 'Dependencies that are up, by name (trusted callers only, as the two below).',
    example: { redis: { status: 'up' } },
    type: 'object',
    additionalProperties: true,
  })
  readonly info?: Record<string, unknown>;

  @ApiPropertyOptional({
    description: 'Dependencies that are down, by name, each with a reason.',
    example: { searxng: { status: 'down', reason: 'connect ECONNREFUSED' } },
    type: 'object',
    additionalProperties: true,
  })
  readonly error?: Record<string, unknown>;

  @ApiPropertyOptional({
    description: 'Every dependency, by name.',
    type: 'object',
    additionalProperties: true,
    example: { redis: { status: 'up' } },
  })
  readonly details?: Record<string, unknown>;
}
