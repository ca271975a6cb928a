import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import type { ReadinessReport } from '../../health';
import type { QuarryMetrics } from './quarry-metrics';

/**
 * The small listener on METRICS_PORT for operators: GET /metrics and GET /health/ready with its
 * whole report (addresses, failure reasons), and nothing else, no authentication (the port is
 * meant to be reachable only by the scraper and the orchestrator). A plain Node server: none of
 * the API's hooks, guards or limits belong on it.
 */
export class MetricsPortServer {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: QuarryMetrics,
    private readonly readiness: () => Promise<ReadinessReport>,
  ) {}

  async listen(port: number, host: string): Promise<number> {
    const server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      const readable = request.method === 'GET' || request.method === 'HEAD';
      if (path === '/health/ready' && readable) return this.serveReadiness(response);
      if (path !== '/metrics' || !readable) {
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

  private serveReadiness(response: ServerResponse): void {
    this.readiness().then(
      (report) => {
        response.writeHead(report.status === 'ok' ? 200 : 503, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        response.end(JSON.stringify(report));
      },
      (error: unknown) => {
        this.logger.error(`readiness report failed: ${String(error)}`);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('readiness unavailable\n');
      },
    );
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
