import type { FastifyRequest } from 'fastify';

/** Whether the request announces a body; without one Fastify runs no body parser at all. */
export function hasBody(request: FastifyRequest): boolean {
  const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
  return encoding !== undefined || (length !== undefined && length !== '0');
}
