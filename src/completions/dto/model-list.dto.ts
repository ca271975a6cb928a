import { ApiProperty } from '@nestjs/swagger';

export class ModelDto {
  @ApiProperty({
    description: '`<providerId>/<chatModelKey>` or an alias from QUARRY_MODEL_ALIASES.',
    example: '3f7a8b1c-2d4e-4f60-9a1b-2c3d4e5f6a7b/extractive',
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

  @ApiProperty({ type: [ModelDto] })
  readonly data: ModelDto[];
}
