import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * helmet's response headers for Quarry's policy, worked out once at start-up. With static options
 * (no per-request nonces) helmet sets the same headers on every response, so running its
 * middleware per request (a fifth of the CPU of a small JSON reply, counting the headers Node then
 * validates twice) buys nothing: the hook sets this object through Fastify's reply instead.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
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
  return Object.freeze(headers);
}
