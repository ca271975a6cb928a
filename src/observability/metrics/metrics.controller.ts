import { Controller, Get, Header, Inject, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MetricsAccessGuard } from './metrics-access.guard';
import { QUARRY_METRICS, type QuarryMetrics } from './quarry-metrics';

/**
 * GET /metrics on the main port. Its guard answers 404 when metrics are off or on METRICS_PORT;
 * ObservabilityModule makes it public then and with METRICS_PUBLIC=true, so the bearer guard
 * asks for a token only while AUTH_REQUIRED is on and METRICS_PUBLIC is not.
 */
@Controller()
export class MetricsController {
  constructor(@Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null) {}

  // An operator endpoint in Prometheus text format, not part of the API clients program against.
  @ApiExcludeEndpoint()
  @Get('metrics')
  @UseGuards(MetricsAccessGuard)
  @Header('cache-control', 'no-store')
  async scrape(@Res() reply: FastifyReply): Promise<void> {
    // The guard answers 404 when metrics are off, so they are on here.
    const { contentType, body } = await this.metrics!.render();
    await reply.header('content-type', contentType).send(body);
  }
}
