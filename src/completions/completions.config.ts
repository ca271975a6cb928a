import { registerAs } from '@nestjs/config';
import { IsOptional, IsString, Matches } from 'class-validator';
import { CommaSeparated } from '../common/config/env-transformers';
import { ConfigValidationError } from '../common/config/config-validation.error';
import { validateEnv } from '../common/config/validate-env';
import { parseModelAlias, parseModelId, type ModelAlias } from './models/model-id';

const MODEL_ID_SHAPE = /^[0-9a-fA-F-]{36}\/.+$/;

/** Settings of the OpenAI/Sonar-compatible /v1 routes. */
export class CompletionsEnv {
  @CommaSeparated() @IsString({ each: true }) readonly QUARRY_MODEL_ALIASES: string[] = [];

  @IsOptional()
  @Matches(MODEL_ID_SHAPE, { message: 'QUARRY_DEFAULT_EMBEDDING_MODEL must be <providerId>/<key>' })
  readonly QUARRY_DEFAULT_EMBEDDING_MODEL?: string;
}

export const completionsConfig = registerAs('completions', () => {
  const env = validateEnv(CompletionsEnv);
  const aliases = new Map<string, ModelAlias>();
  for (const entry of env.QUARRY_MODEL_ALIASES) {
    const alias = parseModelAlias(entry);
    if (!alias) {
      throw new ConfigValidationError(
        `QUARRY_MODEL_ALIASES: "${entry}" is not name=<providerId>/<chatKey>[:speed|balanced|quality][+<providerId>/<embeddingKey>]`,
      );
    }
    aliases.set(alias.name, alias);
  }
  const defaultEmbedding = env.QUARRY_DEFAULT_EMBEDDING_MODEL
    ? parseModelId(env.QUARRY_DEFAULT_EMBEDDING_MODEL)
    : undefined;
  if (env.QUARRY_DEFAULT_EMBEDDING_MODEL && !defaultEmbedding) {
    throw new ConfigValidationError('QUARRY_DEFAULT_EMBEDDING_MODEL must be <providerId>/<key>');
  }
  return { aliases, defaultEmbedding };
});

export type CompletionsConfig = ReturnType<typeof completionsConfig>;
