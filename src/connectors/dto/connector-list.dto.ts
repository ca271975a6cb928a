import { ApiProperty } from '@nestjs/swagger';

export class ConnectorInfoDto {
  @ApiProperty({ example: 'webhook', description: 'Identifier used in /api/connectors/{id}/...' })
  readonly id: string;

  @ApiProperty({ example: 'Webhook' })
  readonly name: string;

  @ApiProperty({ example: 'Sends HTTP webhooks to external services' })
  readonly description: string;

  @ApiProperty({
    type: [String],
    example: ['post', 'get', 'put'],
    description:
      'Declared actions. A connector may execute more (the webhook also runs delete and patch).',
  })
  readonly actions: string[];
}

export class ConnectorListDto {
  @ApiProperty({ type: [ConnectorInfoDto] })
  readonly connectors: ConnectorInfoDto[];
}
