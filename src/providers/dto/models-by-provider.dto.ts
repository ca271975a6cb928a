import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';

const PROVIDER_MAP: ApiPropertyOptions = {
  type: 'object',
  description:
    'Provider key (openai, ollama, anthropic, gemini, groq, deepseek, lmstudio, builtin, or the ' +
    'snake_case name of a providers-file entry) -> model key -> { displayName }.',
  additionalProperties: {
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: { displayName: { type: 'string' } },
      required: ['displayName'],
    },
  },
};

/** GET /api/models: the registry in the shape of Perplexica's older API. */
export class ModelsByProviderDto {
  @ApiProperty({
    ...(PROVIDER_MAP as object),
    example: {
      openai: { 'gpt-4o-mini': { displayName: 'GPT 4o Mini' } },
      builtin: { extractive: { displayName: 'Extractive (offline)' } },
    },
  })
  readonly chatModelProviders: Record<string, Record<string, { displayName: string }>>;

  @ApiProperty({
    ...(PROVIDER_MAP as object),
    example: {
      openai: { 'text-embedding-3-small': { displayName: 'Text Embedding 3 Small' } },
      builtin: { hashing: { displayName: 'Hashing TF-IDF (offline)' } },
    },
  })
  readonly embeddingModelProviders: Record<string, Record<string, { displayName: string }>>;
}
