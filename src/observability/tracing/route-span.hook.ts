import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * Names the HTTP server span after the route template ("POST /api/search") and sets http.route,
 * so traces group by route rather than by method alone. Registered only when tracing is on.
 */
export function registerRouteSpanHook(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = trace.getActiveSpan();
    if (span && route) {
      span.setAttribute('http.route', route);
      span.updateName(`${request.method} ${route}`);
    }
    done();
  });
}
