import { HttpException } from '@nestjs/common';
import { errorBody, type ErrorBody } from './error-body';
import { QuarryError } from './quarry.error';

/** Anything thrown, mapped once: the status, safe message and headers every error shape is built from. */
export interface MappedError {
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;
}

/** Maps anything thrown into the one error shape; never lets a stack trace reach the client. */
export function mapError(exception: unknown, requestId: string): MappedError {
  if (exception instanceof QuarryError) {
    return {
      body: errorBody(exception.statusCode, exception.message, requestId),
      headers: exception.headers,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'object' && response !== null && 'message' in response
        ? (response as { message: string | string[] }).message
        : exception.message;
    const headers = (exception as { headers?: Record<string, string> }).headers ?? {};
    return {
      body: errorBody(status, status >= 500 ? 'Internal server error' : message, requestId),
      headers,
    };
  }
  // Fastify's own errors (invalid JSON body, body too large, unsupported media type) carry a 4xx statusCode.
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { body: errorBody(status, (exception as Error).message, requestId), headers: {} };
  }
  return { body: errorBody(500, 'Internal server error', requestId), headers: {} };
}
