import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOpenAiPath, sendOpenAiError } from '../../completions/errors/openai-error';
import { errorBody, type ErrorBody } from '../errors/error-body';
import { QuarryError } from '../errors/quarry.error';

interface MappedError {
  body: ErrorBody;
  headers: Readonly<Record<string, string>>;
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

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // Unknown /v1/* paths and body errors there answer in OpenAI's shape, like the /v1 routes.
    if (isOpenAiPath(request.url)) return sendOpenAiError(exception, request, reply, this.logger);
    sendError(exception, request, reply, this.logger);
  }
}

export function sendError(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Pick<Logger, 'error'>,
): void {
  const { body, headers } = mapError(exception, String(request.id));
  if (body.statusCode >= 500) {
    logger.error(
      { requestId: request.id, err: exception instanceof Error ? exception : String(exception) },
      `request failed: ${exception instanceof Error ? exception.message : String(exception)}`,
    );
  }
  if (reply.sent || reply.raw.headersSent) {
    // A stream already started: the status line is gone, so the only honest signal left is ending it.
    reply.raw.destroy();
    return;
  }
  void reply.status(body.statusCode).headers(headers).send(body);
}
