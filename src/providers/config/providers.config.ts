import { registerAs, type ConfigType } from '@nestjs/config';
import { IsBoolean, IsInt, IsOptional, IsString, IsUrl, Min } from 'class-validator';
import { ConfigValidationError } from '../../common/config/config-validation.error';
import { BooleanFlag } from '../../common/config/env-transformers';
import { HTTP_URL } from '../../common/config/url-options';
import { validateEnv } from '../../common/config/validate-env';
import { OPENAI_PRESETS } from './openai-presets';
import { providerIdFor } from './provider-id';
import type { ProviderSpec, ProviderType } from './provider-spec';
import { loadProvidersFile } from './providers-file.loader';

export class ProvidersEnv {
  @IsOptional() @IsString() readonly PROVIDERS_FILE?: string;

  @BooleanFlag()
  @IsBoolean()
  readonly BUILTIN_PROVIDER: boolean = true;

  @IsInt() @Min(1000) readonly PROVIDER_MODELS_TTL_MS: number = 10 * 60_000;
  @IsInt() @Min(0) readonly PROVIDER_STARTUP_WAIT_MS: number = 5000;
  @IsInt() @Min(1) readonly PROVIDER_TIMEOUT_MS: number = 120_000;

  @IsOptional() @IsString() readonly OPENAI_API_KEY?: string;
  @IsOptional() @IsUrl(HTTP_URL) readonly OPENAI_BASE_URL?: string;
  @IsOptional() @IsUrl(HTTP_URL) readonly OLLAMA_BASE_URL?: string;
  @IsOptional() @IsString() readonly ANTHROPIC_API_KEY?: string;
  @IsOptional() @IsString() readonly GEMINI_API_KEY?: string;
  @IsOptional() @IsString() readonly GROQ_API_KEY?: string;
  @IsOptional() @IsString() readonly DEEPSEEK_API_KEY?: string;
  @IsOptional() @IsUrl(HTTP_URL) readonly LMSTUDIO_BASE_URL?: string;
}

/** Which providers exist and how model lists are kept; read once at start-up. */
export const providersConfig = registerAs('providers', () => {
  const env = validateEnv(ProvidersEnv);
  return {
    providers: resolveProviders(env),
    modelsTtlMs: env.PROVIDER_MODELS_TTL_MS,
    startupWaitMs: env.PROVIDER_STARTUP_WAIT_MS,
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
  };
});

export type ProvidersConfig = ConfigType<typeof providersConfig>;

/** File entries first, then environment shortcuts, then the built-in provider; ids must be unique. */
export function resolveProviders(env: ProvidersEnv): ProviderSpec[] {
  const specs = [
    ...(env.PROVIDERS_FILE ? loadProvidersFile(env.PROVIDERS_FILE) : []),
    ...fromEnvironment(env),
  ];
  if (env.BUILTIN_PROVIDER)
    specs.push(spec('builtin', 'Built-in (offline)', {}, 'BUILTIN_PROVIDER'));
  const seen = new Map<string, ProviderSpec>();
  for (const provider of specs) {
    const earlier = seen.get(provider.id);
    if (earlier) {
      throw new ConfigValidationError(
        `duplicate provider id ${provider.id}: ${earlier.origin} and ${provider.origin} ` +
          '(same id, or same type and name without an id); give one a different name or id',
      );
    }
    seen.set(provider.id, provider);
  }
  return specs;
}

function fromEnvironment(env: ProvidersEnv): ProviderSpec[] {
  const specs: ProviderSpec[] = [];
  if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL) {
    specs.push(
      spec(
        'openai',
        'OpenAI',
        { apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL ?? OPENAI_PRESETS.openai },
        'OPENAI_API_KEY',
      ),
    );
  }
  if (env.OLLAMA_BASE_URL)
    specs.push(spec('ollama', 'Ollama', { baseURL: env.OLLAMA_BASE_URL }, 'OLLAMA_BASE_URL'));
  if (env.ANTHROPIC_API_KEY) {
    specs.push(
      spec('anthropic', 'Anthropic', { apiKey: env.ANTHROPIC_API_KEY }, 'ANTHROPIC_API_KEY'),
    );
  }
  if (env.GEMINI_API_KEY)
    specs.push(spec('gemini', 'Google Gemini', { apiKey: env.GEMINI_API_KEY }, 'GEMINI_API_KEY'));
  if (env.GROQ_API_KEY) {
    specs.push(
      spec(
        'openai',
        'Groq',
        { apiKey: env.GROQ_API_KEY, baseURL: OPENAI_PRESETS.groq },
        'GROQ_API_KEY',
      ),
    );
  }
  if (env.DEEPSEEK_API_KEY) {
    specs.push(
      spec(
        'openai',
        'DeepSeek',
        { apiKey: env.DEEPSEEK_API_KEY, baseURL: OPENAI_PRESETS.deepseek },
        'DEEPSEEK_API_KEY',
      ),
    );
  }
  if (env.LMSTUDIO_BASE_URL) {
    specs.push(
      spec('openai', 'LM Studio', { baseURL: env.LMSTUDIO_BASE_URL }, 'LMSTUDIO_BASE_URL'),
    );
  }
  return specs;
}

function spec(
  type: ProviderType,
  name: string,
  config: ProviderSpec['config'],
  origin: string,
): ProviderSpec {
  return { id: providerIdFor(type, name), type, name, config, origin };
}
