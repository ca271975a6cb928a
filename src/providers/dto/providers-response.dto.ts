import { ApiProperty } from '@nestjs/swagger';
import { BUILTIN_PROVIDER_ID } from '../config/provider-id';

/** A model as GET /api/providers lists it (the interface's Model). */
export class ProviderModelDto {
  @ApiProperty({ description: 'Display name; not to be used in requests.', example: 'GPT 4o Mini' })
  readonly name: string;

  @ApiProperty({ description: 'Model key to use in search requests.', example: 'gpt-4o-mini' })
  readonly key: string;
}

export class ProviderDto {
  @ApiProperty({
    description: 'Stable provider id (UUID); use it as providerId in search requests.',
    format: 'uuid',
    example: '2b7c1d0e-8f3a-5c4b-9d6e-1a2b3c4d5e6f',
  })
  readonly id: string;

  @ApiProperty({ description: 'Display name of the provider.', example: 'OpenAI' })
  readonly name: string;

  @ApiProperty({
    type: [ProviderModelDto],
    example: [{ name: 'GPT 4o Mini', key: 'gpt-4o-mini' }],
  })
  readonly chatModels: ProviderModelDto[];

  @ApiProperty({
    type: [ProviderModelDto],
    example: [{ name: 'Text Embedding 3 Small', key: 'text-embedding-3-small' }],
  })
  readonly embeddingModels: ProviderModelDto[];
}

export class ProvidersResponseDto {
  @ApiProperty({
    type: [ProviderDto],
    description: 'Active providers only: configured, with a model list that could be obtained.',
    example: [
      {
        id: BUILTIN_PROVIDER_ID,
        name: 'Built-in (offline)',
        chatModels: [{ name: 'Extractive (offline)', key: 'extractive' }],
        embeddingModels: [{ name: 'Hashing TF-IDF (offline)', key: 'hashing' }],
      },
    ],
  })
  readonly providers: ProviderDto[];
}
