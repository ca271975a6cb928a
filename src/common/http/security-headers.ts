import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { REQUEST_ID_HEADER } from './request-id';

export interface SecurityHeaders {
  /** Set on every reply. */
  readonly always: Readonly<Record<string, string>>;
  /** Set only on replies to requests that arrived over https (Strict-Transport-Security). */
  readonly httpsOnly: Readonly<Record<string, string>>;
}

/** Headers only meaningful over https: kept apart from the ones every reply carries. */
const HTTPS_ONLY = new Set(['strict-transport-security']);

/**
 * helmet's response headers for Quarry's policy, worked out once at start-up. With static options
 * (no per-request nonces) helmet sets the same headers on every response, so running its
 * middleware per request (a fifth of the CPU of a small JSON reply, counting the headers Node then
 * validates twice) buys nothing: the hook sets these objects through Fastify's reply instead.
 *
 * Nothing may turn plain http into https for the browser: over http from a non-loopback address
 * (a VM, a container) `upgrade-insecure-requests` and HSTS made the browser fetch /docs's assets
 * over https, which nothing serves, and the page stayed blank. HSTS is therefore kept apart and
 * sent only when the request came over https (browsers ignore it over http anyway).
 */
export function securityHeaders(): SecurityHeaders {
  // Split into two new objects rather than deleting from helmet's: a delete turns an object into a
  // hash table, and Fastify's reply.headers() then sorts its keys on every request (Object.keys in
  // creation order), 0.65 us per reply in a perf profile, where a plain object's keys are cached.
  const always: Record<string, string> = {};
  const httpsOnly: Record<string, string> = {};
  for (const [name, value] of Object.entries(helmetHeaders())) {
    if (HTTPS_ONLY.has(name)) httpsOnly[name] = value;
    else always[name] = value;
  }
  return { always: Object.freeze(always), httpsOnly: Object.freeze(httpsOnly) };
}

/** The request id and the security headers, on every reply (an onRequest hook, and Fastify's own errors). */
export function setReplyHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  security: SecurityHeaders,
): void {
  void reply.header(REQUEST_ID_HEADER, request.id).headers(security.always);
  // request.protocol is "https" for a TLS socket, or per X-Forwarded-Proto from a trusted proxy.
  if (request.protocol === 'https') void reply.headers(security.httpsOnly);
}

function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    // Swagger UI at /docs boots from an inline script and inline styles; everything else stays 'self'.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  let finished = false;
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  // helmet runs its middlewares synchronously; anything else would mean per-request headers.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}
