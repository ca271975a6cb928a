import { Controller, Get, Header, Inject, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { MetricsAccessGuard } from './metrics-access.guard';
import { QUARRY_METRICS, type QuarryMetrics } from './quarry-metrics';

/**
 * GET /metrics on the main port. @Public() takes it out of the global bearer guard so that its own
 * guard can apply the metrics rule (METRICS_PORT, AUTH_REQUIRED, METRICS_PUBLIC) in one place.
 */
@Public()
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
