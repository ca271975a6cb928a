import { STATUS_CODES } from 'node:http';
import { ApiProperty } from '@nestjs/swagger';

/** The one error shape every error the service answers itself has. */
export class ErrorBody {
  @ApiProperty({ example: 400 })
  readonly statusCode: number;

  @ApiProperty({ example: 'Bad Request' })
  readonly error: string;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    example: ['query should not be empty'],
  })
  readonly message: string | string[];

  @ApiProperty({ example: '5f0c7a9e-2b8f-4a6a-9a57-1d2f3c4b5a69' })
  readonly requestId: string;
}

export function errorBody(
  statusCode: number,
  message: string | string[],
  requestId: string,
): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, requestId };
}
