import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '../common/http/request-id';
import { isTracingOn } from '../common/tracing/tracing-state';

// RFC 9110 section 7.6.1: meaningful for one connection only, never forwarded.
const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Not copied from a sibling's reply: hop-by-hop, and its own request id, which would contradict Quarry's. */
export const NOT_RETURNED_HEADERS: ReadonlySet<string> = new Set([
  ...HOP_BY_HOP_HEADERS,
  REQUEST_ID_HEADER,
]);

// Not sent on to a sibling: hop-by-hop, and Expect, which Quarry meets itself (it answers the
// client's 100-continue once the request is authenticated, body-choice.ts); undici refuses to send
// it (UND_ERR_NOT_SUPPORTED), and the body follows at once.
const NOT_FORWARDED_HEADERS: ReadonlySet<string> = new Set([...HOP_BY_HOP_HEADERS, 'expect']);

// With tracing on, the HTTP instrumentation sends Quarry's own span as parent; the caller's
// trace context, forwarded too, would make a second traceparent. Off, it passes through unchanged.
const NOT_FORWARDED_AND_TRACE_HEADERS: ReadonlySet<string> = new Set([
  ...NOT_FORWARDED_HEADERS,
  'traceparent',
  'tracestate',
]);

/**
 * The caller's headers as the sibling gets them: without hop-by-hop headers (and those the
 * Connection header names) and Expect, Host naming the sibling, X-Forwarded-For/-Proto/-Host and the
 * request id added. Built key by key in one pass: copying and then deleting turned the object
 * into a slow dictionary, and showed in profiles of proxied requests.
 */
export function forwardedHeaders(
  request: FastifyRequest,
  siblingHost: string,
): IncomingHttpHeaders {
  const headers = request.headers;
  const skip = isTracingOn() ? NOT_FORWARDED_AND_TRACE_HEADERS : NOT_FORWARDED_HEADERS;
  const alsoSkip = connectionOptions(headers.connection);
  const out: IncomingHttpHeaders = {};
  for (const name of Object.keys(headers)) {
    if (!skip.has(name) && !alsoSkip?.has(name)) out[name] = headers[name];
  }
  out.host = siblingHost;
  const peer = request.raw.socket?.remoteAddress;
  const prior = headers['x-forwarded-for'];
  if (peer) out['x-forwarded-for'] = prior ? `${String(prior)}, ${peer}` : peer;
  out['x-forwarded-proto'] = request.protocol;
  out['x-forwarded-host'] = request.host;
  out[REQUEST_ID_HEADER] = String(request.id);
  return out;
}

// What nearly every client and sibling sends: names no header, so nothing to split per request.
const NAMES_NO_HEADER = /^\s*(?:keep-alive|close)\s*$/i;

/** RFC 9110 section 7.6.1: headers the Connection header names are hop-by-hop too. */
export function connectionOptions(
  connection: string | string[] | undefined,
): ReadonlySet<string> | undefined {
  if (connection === undefined) return undefined;
  if (typeof connection === 'string' && NAMES_NO_HEADER.test(connection)) return undefined;
  const names = (Array.isArray(connection) ? connection.join(',') : connection)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'close' && name !== 'keep-alive');
  return names.length > 0 ? new Set(names) : undefined;
}
