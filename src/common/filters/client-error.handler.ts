import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from '../errors/error-body';
import { REQUEST_ID_HEADER } from '../http/request-id';
import type { SecurityHeaders } from '../http/security-headers';

type ClientError = Error & { code?: string };

/**
 * Fastify's clientErrorHandler: Node's answer when a connection breaks HTTP before there is a
 * request (malformed request line or header, headers over the size limit, REQUEST_TIMEOUT_MS
 * passed). Written straight to the socket, as Node leaves no request or response object, in the
 * error shape with a request id and the security headers; then the connection is closed.
 */
export function clientErrorHandler(
  security: SecurityHeaders,
): (error: ClientError, socket: Socket) => void {
  const headerLines = Object.entries(security.always)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = answerFor(error.code);
    // A reply already under way on this connection cannot be followed by another status line.
    const current = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !current?.headersSent) {
      const requestId = randomUUID();
      const body = JSON.stringify(errorBody(status, message, requestId));
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
          headerLines +
          'connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy(error);
  };
}

function answerFor(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, 'The request was not received within the time allowed'];
  }
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers are too large'];
  return [400, 'The request is not valid HTTP'];
}
