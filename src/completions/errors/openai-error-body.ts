import { ApiProperty } from '@nestjs/swagger';

export class OpenAiErrorDetail {
  @ApiProperty({ example: 'search_recency_filter must be one of: hour, day, week, month, year' })
  readonly message: string;

  @ApiProperty({
    example: 'invalid_request_error',
    description:
      'invalid_request_error (400, 404), authentication_error (401), permission_error (403), ' +
      'rate_limit_error (429), server_error (5xx).',
  })
  readonly type: string;

  @ApiProperty({ type: String, nullable: true, example: 'search_recency_filter' })
  readonly param: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'e.g. model_not_found' })
  readonly code: string | null;
}

/** The error shape of OpenAI's API, used on every /v1 route. */
export class OpenAiErrorBody {
  @ApiProperty({ type: OpenAiErrorDetail })
  readonly error: OpenAiErrorDetail;
}
