import { ApiProperty } from '@nestjs/swagger';

export class ApiIndexLinksDto {
  @ApiProperty({ example: '/docs', description: 'Swagger UI.' })
  readonly docs: string;

  @ApiProperty({ example: '/docs/json', description: 'The OpenAPI document.' })
  readonly openapi: string;

  @ApiProperty({ example: '/health', description: 'Liveness.' })
  readonly health: string;

  @ApiProperty({ example: '/health/ready', description: 'Readiness, one entry per dependency.' })
  readonly ready: string;
}

export class ApiIndexDto {
  @ApiProperty({ example: 'quarry' })
  readonly name: string;

  @ApiProperty({ example: '0.1.0', description: 'The version in package.json.' })
  readonly version: string;

  @ApiProperty({ type: ApiIndexLinksDto })
  readonly links: ApiIndexLinksDto;
}
