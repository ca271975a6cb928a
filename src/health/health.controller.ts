import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { LivenessDto, ReadinessDto } from './health.dto';
import { ReadinessRegistry } from './readiness.registry';

const CHECK_TIMEOUT_MS = 3000;

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly registry: ReadinessRegistry,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness: the process answers. Calls no dependency.' })
  @ApiOkResponse({ type: LivenessDto })
  live(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: one entry per configured dependency, each up or down with a reason.',
  })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({
    type: ReadinessDto,
    description: 'At least one dependency is down.',
  })
  async ready(@Res() reply: FastifyReply): Promise<void> {
    try {
      const result = await this.health.check(
        this.registry.all().map((check) => () => this.run(check)),
      );
      await reply.status(200).send(result);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      // Terminus reports "down" as an exception; its body is the readiness report, not an error of the request.
      await reply.status(503).send(error.getResponse() as HealthCheckResult);
    }
  }

  private async run(
    check: ReturnType<ReadinessRegistry['all']>[number],
  ): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(check.name);
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      });
      const result = await Promise.race([check.check(), timeout]);
      return result.up
        ? session.up({ ...result.details })
        : session.down({ reason: result.reason ?? 'down', ...result.details });
    } catch (error) {
      return session.down({ reason: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
  }
}
