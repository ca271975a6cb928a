import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapError } from '../errors/error-mapper';
import { ErrorPresenterRegistry } from '../errors/error-presenter.registry';

/**
 * Sends anything thrown as the reply: mapped once, shaped by the presenter a module registered for
 * the URL (else the ErrorBody), 5xx logged with the request id. Used by the global exception filter,
 * the Fastify error handler (errors before Nest's handler) and the proxy.
 */
@Injectable()
export class ErrorResponder {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly presenters: ErrorPresenterRegistry) {}

  send(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const mapped = mapError(exception, String(request.id));
    if (mapped.body.statusCode >= 500) {
      this.logger.error(
        { requestId: request.id, err: exception instanceof Error ? exception : String(exception) },
        `request failed: ${exception instanceof Error ? exception.message : String(exception)}`,
      );
    }
    if (reply.sent || reply.raw.headersSent) {
      // A stream already started: the status line is gone, so the only honest signal left is ending it.
      reply.raw.destroy();
      return;
    }
    const presenter = this.presenters.for(request.url);
    void reply
      .status(mapped.body.statusCode)
      .headers(mapped.headers)
      .send(presenter ? presenter.present(mapped, exception) : mapped.body);
  }
}
