import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import { TrustedCallers } from '../common/http/trusted-callers';
import { LivenessDto } from './health.dto';
import { READINESS_ENDPOINT } from './readiness.openapi';
import { ReadinessService } from './readiness.service';

// Probes are polled by orchestrators: never behind a token, never rate-limited.
@QuarryApi('health', { public: true, rateLimited: false })
@Controller('health')
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    private readonly callers: TrustedCallers,
  ) {}

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
  async ready(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [report, trusted] = await Promise.all([
      this.readiness.report(),
      this.callers.isTrusted(request),
    ]);
    await reply
      .status(report.status === 'ok' ? 200 : 503)
      .send(trusted ? report : { status: report.status });
  }
}
