import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import type { QuarryMetrics } from './quarry-metrics';

/**
 * The small listener on METRICS_PORT: GET /metrics and nothing else, no authentication (the port
 * is meant to be reachable only by the scraper). A plain Node server: none of the API's hooks,
 * guards or limits belong on it.
 */
export class MetricsPortServer {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(private readonly metrics: QuarryMetrics) {}

  async listen(port: number, host: string): Promise<number> {
    const server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      this.metrics.render().then(
        ({ contentType, body }) => {
          response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
          response.end(request.method === 'HEAD' ? undefined : body);
        },
        (error: unknown) => {
          this.logger.error(`rendering metrics failed: ${String(error)}`);
          response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
        },
      );
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const bound = (server.address() as AddressInfo).port;
    this.logger.log(`metrics served on ${host}:${bound}/metrics`);
    return bound;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
