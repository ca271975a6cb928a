import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { setReplyHeaders, type SecurityHeaders } from '../http/security-headers';
import type { ErrorResponder } from './error-responder';

/**
 * Fastify's frameworkErrors option: errors Fastify raises before a route is found (a URL it cannot
 * decode, FST_ERR_BAD_URL; a parameter over its length; a failed constraint), where no hook has
 * run. Answered by the ErrorResponder like any other error, with the request id and security
 * headers the onRequest hook would have set. Fastify takes the option at creation, before the
 * application (and its ErrorResponder) exists: bind() is called once it does.
 */
export class FrameworkErrorHandler {
  private responder?: ErrorResponder;

  constructor(private readonly security: SecurityHeaders) {}

  bind(responder: ErrorResponder): void {
    this.responder = responder;
  }

  readonly handle = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    setReplyHeaders(request, reply, this.security);
    if (this.responder) this.responder.send(error, request, reply);
    else void reply.code(error.statusCode ?? 400).send(error);
  };
}
