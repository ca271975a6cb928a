import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { discardRefusedBody } from '../http/refused-body';
import type { ErrorResponder } from './error-responder';

const BODY_TOO_LARGE = 'FST_ERR_CTP_BODY_TOO_LARGE';

/**
 * Fastify's per-route error handler, for errors raised before Nest's handler runs (body parsing:
 * invalid JSON, __proto__ keys, unsupported media type; hooks). A route keeps the handler that
 * was current when it was registered, which is Fastify's default (Nest sets its own only after
 * the routes exist), so without this those errors would skip the error shape and request id.
 */
export function lifecycleErrorHandler(
  responder: ErrorResponder,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    if (error.code === BODY_TOO_LARGE) discardRefusedBody(request, reply);
    responder.send(error, request, reply);
  };
}
