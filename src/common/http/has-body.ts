import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a request has a body by its framing: Transfer-Encoding, or a Content-Length other than 0
 * (RFC 9112 section 6.3). Fastify 5.12 runs the Content-Type's parser on a request without one too,
 * so body-choice.ts hides that header from it (see there).
 */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  const { 'content-length': length, 'transfer-encoding': encoding } = headers;
  return encoding !== undefined || (length !== undefined && length !== '0');
}
