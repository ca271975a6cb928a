import { Controller, Get, Req, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { TrustedCallers } from '../common/http/trusted-callers';
import { LivenessDto, ReadinessDto } from './health.dto';
import { ReadinessService } from './readiness.service';

@ApiTags('health')
// Probes are polled by orchestrators: never behind a token, never rate-limited.
@Public()
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    private readonly callers: TrustedCallers,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Liveness: the process answers. Calls no dependency.',
  })
  @ApiOkResponse({ type: LivenessDto })
  live(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    operationId: 'getReadiness',
    summary:
      'Readiness. The status code is for everyone (probes need no token); the entries, with ' +
      'internal addresses and failure reasons, only for a caller with a valid bearer token (or ' +
      'everyone while AUTH_REQUIRED is false) and on METRICS_PORT: anyone else gets `status` alone. ' +
      'One entry per configured dependency, each up or down with a reason. 503 when the ' +
      'service cannot do its main job: every meta-search address down while one is configured, the ' +
      'auth service down while authentication is required, or no model provider up. Probe results ' +
      'are reused for READINESS_CACHE_MS.',
  })
  @ApiOkResponse({
    type: ReadinessDto,
    description: 'Ready; `error` may still list a dependency the service can do without.',
  })
  @ApiServiceUnavailableResponse({
    type: ReadinessDto,
    description: 'A dependency the service cannot do without is down.',
    example: {
      status: 'error',
      info: { builtin: { status: 'up' } },
      error: { searxng: { status: 'down', reason: 'every meta-search address failed' } },
      details: {
        builtin: { status: 'up' },
        searxng: { status: 'down', reason: 'every meta-search address failed' },
      },
    },
  })
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
