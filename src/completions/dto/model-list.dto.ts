import { ApiProperty } from '@nestjs/swagger';
import { BUILTIN_PROVIDER_ID } from '../../providers';

/** A model as OpenAI's GET /v1/models lists it. */
export class OpenAiModelDto {
  @ApiProperty({
    description: '`<providerId>/<chatModelKey>` or an alias from QUARRY_MODEL_ALIASES.',
    example: `${BUILTIN_PROVIDER_ID}/extractive`,
  })
  readonly id: string;

  @ApiProperty({ enum: ['model'], example: 'model' })
  readonly object: 'model';

  @ApiProperty({
    description: 'Unix seconds: when this Quarry process started.',
    example: 1767225600,
  })
  readonly created: number;

  @ApiProperty({ description: "The provider's display name.", example: 'Built-in' })
  readonly owned_by: string;
}

export class ModelListDto {
  @ApiProperty({ enum: ['list'], example: 'list' })
  readonly object: 'list';

  @ApiProperty({ type: [OpenAiModelDto] })
  readonly data: OpenAiModelDto[];
}
