import type { FastifyInstance } from 'fastify';
import { SIBLING_BY_ROUTE_PATH } from '../../proxy';
import { UNMATCHED_ROUTE } from './http-request.metrics';
import type { QuarryMetrics } from './quarry-metrics';

/**
 * Records every response in Fastify's onResponse hook: synchronous, after the reply is sent, with
 * the route template Fastify already holds (request.routeOptions.url), never the raw path.
 */
export function registerHttpMetricsHook(fastify: FastifyInstance, metrics: QuarryMetrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const seconds = reply.elapsedTime / 1000;
    const status = reply.statusCode;
    metrics.http.record(request.method, route, status, seconds);
    const sibling = SIBLING_BY_ROUTE_PATH.get(route);
    if (sibling !== undefined) metrics.proxy.record(sibling, status, seconds);
    done();
  });
}
