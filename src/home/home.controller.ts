import { Controller, Get } from '@nestjs/common';
import { QuarryApi, QuarryEndpoint } from '../common/decorators/quarry-endpoint.decorator';
import { ApiIndexDto } from './api-index.dto';
import { readPackageInfo } from './package-info';

/** GET /: what this service is and where to go next, for someone who opens its address. */
@QuarryApi('health', { public: true })
@Controller()
export class HomeController {
  private readonly index: ApiIndexDto;

  constructor() {
    const { name, version } = readPackageInfo();
    this.index = {
      name,
      version,
      links: { docs: '/docs', openapi: '/docs/json', health: '/health', ready: '/health/ready' },
    };
  }

  @Get()
  @QuarryEndpoint({
    operationId: 'getIndex',
    summary: 'The service name, its version and where to go next',
    description: 'Links to the API reference, this document and the health checks.',
    ok: {
      type: ApiIndexDto,
      example: {
        name: 'quarry',
        version: '0.1.0',
        links: { docs: '/docs', openapi: '/docs/json', health: '/health', ready: '/health/ready' },
      },
    },
  })
  getIndex(): ApiIndexDto {
    return this.index;
  }
}
