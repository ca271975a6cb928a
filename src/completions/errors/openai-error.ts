import type { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapError } from '../../common/filters/all-exceptions.filter';
import type { OpenAiErrorBody } from './openai-error-body';

export interface OpenAiError {
  readonly status: number;
  readonly body: OpenAiErrorBody;
  readonly headers: Readonly<Record<string, string>>;
}

/** The /v1 routes' own path prefix: errors there use OpenAI's shape. */
export const OPENAI_PATH_PREFIX = '/v1/';

export function isOpenAiPath(url: string): boolean {
  return url === '/v1' || url.startsWith(OPENAI_PATH_PREFIX) || url.startsWith('/v1?');
}

/**
 * Anything thrown, in OpenAI's error shape. Status, safe message and headers (Retry-After) come
 * from the service's one mapping, so both shapes say the same thing.
 */
export function toOpenAiError(exception: unknown, requestId: string): OpenAiError {
  const { body, headers } = mapError(exception, requestId);
  const status = body.statusCode;
  const messages = Array.isArray(body.message) ? body.message : [body.message];
  const detail = exception as { param?: unknown; code?: unknown } | null;
  const param =
    typeof detail?.param === 'string'
      ? detail.param
      : status === 400
        ? fieldNamed(messages[0])
        : null;
  const code = typeof detail?.code === 'string' && status < 500 ? detail.code : defaultCode(status);
  return {
    status,
    headers,
    body: { error: { message: messages.join('; '), type: typeFor(status), param, code } },
  };
}

/** Writes the error, or ends a stream that already started with an error event, as OpenAI does. */
export function sendOpenAiError(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Pick<Logger, 'error'>,
): void {
  const error = toOpenAiError(exception, String(request.id));
  if (error.status >= 500) {
    logger.error(
      { requestId: request.id, err: exception instanceof Error ? exception : String(exception) },
      `request failed: ${exception instanceof Error ? exception.message : String(exception)}`,
    );
  }
  if (reply.sent || reply.raw.headersSent) {
    reply.raw.destroy();
    return;
  }
  void reply.status(error.status).headers(error.headers).send(error.body);
}

function typeFor(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function defaultCode(status: number): string | null {
  if (status === 401) return 'invalid_api_key';
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 404) return 'not_found';
  return null;
}

/** Validation messages start with the field they are about ("temperature must be..."). */
function fieldNamed(message: string | undefined): string | null {
  const first = message?.split(/[\s:]/, 1)[0] ?? '';
  const field = first.replace(/\[\d+\].*$/, '').split('.')[0];
  return /^[a-z_][a-z0-9_]*$/.test(field) && field !== 'the' ? field : null;
}
