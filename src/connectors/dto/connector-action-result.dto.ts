import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The webhook connector's action result, as the interface names its fields. */
export class ConnectorActionResultDto {
  @ApiProperty({
    type: 'integer',
    example: 200,
    description: 'HTTP status of the remote reply; 0 when no reply came.',
  })
  readonly status_code: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { 'content-type': 'application/json', 'x-multi': 'a, b' },
    description:
      'Remote reply headers, lowercase names; several values of one header joined with ", ".',
  })
  readonly headers: Record<string, string>;

  // OpenAPI 3.0 honours nullable only beside a type, so null is allowed on the object branch.
  @ApiProperty({
    oneOf: [
      { type: 'object', additionalProperties: true, nullable: true },
      { type: 'array', items: {} },
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
    ],
    description:
      'The reply body parsed as JSON if it parses, otherwise the raw text (null when no reply came).',
    example: { received: true },
  })
  readonly body: unknown;

  @ApiProperty({ example: true, description: 'True only for a 2xx reply.' })
  readonly success: boolean;

  @ApiPropertyOptional({
    example: 'webhook POST failed after 4 attempts: connect ECONNREFUSED 203.0.113.7:443',
    description: 'Present only when every attempt failed.',
  })
  readonly error?: string;
}
