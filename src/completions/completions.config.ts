import { registerAs } from '@nestjs/config';
import { IsString } from 'class-validator';
import { CommaSeparated } from '../common/config/env-transformers';
import { ConfigValidationError } from '../common/config/config-validation.error';
import { validateEnv } from '../common/config/validate-env';
import { parseModelAlias, type ModelAlias } from './models/model-id';

/** Settings of the OpenAI/Sonar-compatible /v1 routes (default models: modelDefaultsConfig). */
export class CompletionsEnv {
  @CommaSeparated() @IsString({ each: true }) readonly QUARRY_MODEL_ALIASES: string[] = [];
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
  return { aliases };
});

export type CompletionsConfig = ReturnType<typeof completionsConfig>;
