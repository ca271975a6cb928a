import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { BUILTIN_PROVIDER_ID } from '../../providers/config/provider-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A model named by provider id and model key, as GET /api/providers lists them. */
export class ModelRefDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Provider.id from GET /api/providers.',
    example: BUILTIN_PROVIDER_ID,
  })
  @IsString({ message: '$property must be a UUID from GET /api/providers' })
  @Matches(UUID, { message: '$property must be a UUID from GET /api/providers' })
  readonly providerId: string;

  @ApiProperty({
    description: 'Model.key (not the display name) from the provider of providerId.',
    example: 'extractive',
  })
  @IsString()
  @IsNotEmpty()
  readonly key: string;
}
