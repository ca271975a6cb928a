import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { BUILTIN_PROVIDER_ID } from '../../providers';

/** A model named by provider id and model key, as GET /api/providers lists them. */
export class ModelRefDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Provider.id from GET /api/providers.',
    example: BUILTIN_PROVIDER_ID,
  })
  readonly providerId: string;

  @ApiProperty({
    description: 'Model.key (not the display name) from the provider of providerId.',
    example: 'extractive',
  })
  readonly key: string;
}

/** The older API's model reference: a provider key, name, type or id, and a model key. */
export class LegacyModelRefDto {
  @ApiProperty({
    description:
      'A provider key from GET /api/models (openai, ollama, anthropic, gemini, groq, deepseek, ' +
      'lmstudio, builtin...), a provider name or id, or an adapter type (custom_openai means ' +
      'any OpenAI-compatible provider). Must resolve to one provider having the model.',
    example: 'builtin',
  })
  readonly provider: string;

  @ApiPropertyOptional({
    description: 'Model key, as GET /api/models lists it.',
    example: 'extractive',
  })
  readonly name?: string;

  @ApiPropertyOptional({ description: 'Same as name (sent by older image and video clients).' })
  readonly model?: string;
}

/** The OpenAPI schema of a model reference field: either shape; optional. */
export function modelRefSchema(description: string, example: object) {
  return {
    required: false,
    description,
    oneOf: [{ $ref: getSchemaPath(ModelRefDto) }, { $ref: getSchemaPath(LegacyModelRefDto) }],
    example,
  };
}
