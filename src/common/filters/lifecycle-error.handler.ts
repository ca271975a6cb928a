import { Logger } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isOpenAiPath, sendOpenAiError } from '../../completions/errors/openai-error';
import { sendError } from './all-exceptions.filter';

const logger = new Logger('Exceptions');

/**
 * Fastify's per-route error handler, for errors raised before Nest's handler runs (body parsing:
 * invalid JSON, __proto__ keys, unsupported media type; hooks). A route keeps the handler that
 * was current when it was registered, which is Fastify's default (Nest sets its own only after
 * the routes exist), so without this those errors would skip the error shape and request id.
 */
export function lifecycleErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (isOpenAiPath(request.url)) sendOpenAiError(error, request, reply, logger);
  else sendError(error, request, reply, logger);
}
