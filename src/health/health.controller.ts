import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import { LivenessDto } from './health.dto';
import { READINESS_ENDPOINT } from './readiness.openapi';
import { ReadinessService } from './readiness.service';

// Probes are polled by orchestrators: never behind a token, never rate-limited.
@QuarryApi('health', { public: true, rateLimited: false })
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get()
  @QuarryEndpoint({
    operationId: 'getHealth',
    summary: 'Liveness: the process answers',
    description: 'Calls no dependency: 200 while the process runs, for a liveness probe.',
    ok: LivenessDto,
  })
  live(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @QuarryEndpoint(READINESS_ENDPOINT)
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.readiness.report();
    await reply.status(report.status === 'ok' ? 200 : 503).send(report);
  }
}
