import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// A caller's id is kept only when it is short and made of safe characters, so it cannot inject log lines.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Fastify's genReqId: an HTTP/1 or HTTP/2 request, of which only the headers are read.
export function requestIdFor(request: { readonly headers: IncomingHttpHeaders }): string {
  const given = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}
