import { registerAs, type ConfigType } from '@nestjs/config';
import { IsOptional, Matches } from 'class-validator';
import { validateEnv } from '../../common/config/validate-env';

/** `<providerId>/<key>`: a UUID, a slash, then the key (which may itself hold '/' or ':'). */
const MODEL_ID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\/(.+)$/;

/** The models used when a request names none; shared by /api and /v1. */
export class ModelDefaultsEnv {
  @IsOptional()
  @Matches(MODEL_ID, { message: 'QUARRY_DEFAULT_CHAT_MODEL must be <providerId>/<key>' })
  readonly QUARRY_DEFAULT_CHAT_MODEL?: string;

  @IsOptional()
  @Matches(MODEL_ID, { message: 'QUARRY_DEFAULT_EMBEDDING_MODEL must be <providerId>/<key>' })
  readonly QUARRY_DEFAULT_EMBEDDING_MODEL?: string;
}

export interface DefaultModelId {
  readonly providerId: string;
  readonly key: string;
}

export const modelDefaultsConfig = registerAs('modelDefaults', () => {
  const env = validateEnv(ModelDefaultsEnv);
  return {
    chat: parseDefault(env.QUARRY_DEFAULT_CHAT_MODEL),
    embedding: parseDefault(env.QUARRY_DEFAULT_EMBEDDING_MODEL),
  };
});

export type ModelDefaultsConfig = ConfigType<typeof modelDefaultsConfig>;

function parseDefault(text: string | undefined): DefaultModelId | undefined {
  const match = text ? MODEL_ID.exec(text) : null;
  return match ? { providerId: match[1].toLowerCase(), key: match[2] } : undefined;
}
