import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { ConfigValidationError } from '../../common/config/config-validation.error';
import { isHttpUrl } from '../../common/http/http-url';
import type { ModelDescriptor } from '../model.ports';
import { displayNameFor } from './model-display-name';
import { OPENAI_PRESETS } from './openai-presets';
import { providerIdFor } from './provider-id';
import {
  PROVIDER_TYPES,
  type ProviderConnection,
  type ProviderSpec,
  type ProviderType,
} from './provider-spec';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONNECTION_STRINGS = ['apiKey', 'baseURL', 'preset'] as const;
const CONNECTION_NUMBERS = ['timeoutMs', 'maxRetries', 'embeddingBatchSize', 'maxTokens'] as const;

/**
 * Reads PROVIDERS_FILE (YAML, or JSON by extension): a list of
 * { id?, type, name, config: { apiKey?, baseURL?, preset?, ... }, chatModels?, embeddingModels? },
 * or { providers: [...] }. String values may reference the environment as ${NAME}.
 * Every mistake stops start-up with one line naming the file, the entry and the field.
 */
export function loadProvidersFile(
  path: string,
  env: NodeJS.ProcessEnv = process.env,
): ProviderSpec[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigValidationError(
      `PROVIDERS_FILE ${path}: cannot read: ${(error as Error).message}`,
    );
  }
  let document: unknown;
  try {
    document =
      extname(path).toLowerCase() === '.json'
        ? JSON.parse(text)
        : // Loaded only for a YAML providers file: most deployments configure providers by env.
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          (require('yaml') as typeof import('yaml')).parse(text);
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    throw new ConfigValidationError(`PROVIDERS_FILE ${path}: not valid YAML/JSON: ${message}`);
  }
  const entries = isObject(document) && 'providers' in document ? document.providers : document;
  if (!Array.isArray(entries)) {
    throw new ConfigValidationError(
      `PROVIDERS_FILE ${path}: expected a list of providers (or { providers: [...] })`,
    );
  }
  return entries.map((entry, index) =>
    parseEntry(entry, `PROVIDERS_FILE ${path}: entry ${index + 1}`, env),
  );
}

function parseEntry(entry: unknown, where: string, env: NodeJS.ProcessEnv): ProviderSpec {
  if (!isObject(entry)) throw new ConfigValidationError(`${where}: must be an object`);
  const named = typeof entry.name === 'string' ? `${where} ("${entry.name}")` : where;
  const fail = (field: string, message: string) =>
    new ConfigValidationError(`${named}: field "${field}": ${message}`);

  if (!PROVIDER_TYPES.includes(entry.type as ProviderType)) {
    throw fail('type', `must be one of ${PROVIDER_TYPES.join(', ')}`);
  }
  const type = entry.type as ProviderType;
  if (typeof entry.name !== 'string' || entry.name.trim() === '') {
    throw fail('name', 'must be a non-empty string');
  }
  const name = entry.name.trim();
  if (entry.id !== undefined && (typeof entry.id !== 'string' || !UUID.test(entry.id))) {
    throw fail('id', 'must be a UUID (or be left out to derive one from type and name)');
  }
  const config = parseConnection(entry.config ?? {}, type, fail, env);
  return {
    id: typeof entry.id === 'string' ? entry.id.toLowerCase() : providerIdFor(type, name),
    type,
    name,
    config,
    chatModels: parseModels(entry.chatModels, 'chatModels', fail),
    embeddingModels: parseModels(entry.embeddingModels, 'embeddingModels', fail),
    origin: named,
  };
}

function parseConnection(
  raw: unknown,
  type: ProviderType,
  fail: (field: string, message: string) => Error,
  env: NodeJS.ProcessEnv,
): ProviderConnection {
  if (!isObject(raw)) throw fail('config', 'must be an object');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = `config.${key}`;
    if ((CONNECTION_STRINGS as readonly string[]).includes(key)) {
      if (typeof value !== 'string') throw fail(field, 'must be a string');
      out[key] = expandEnv(value, field, fail, env);
    } else if ((CONNECTION_NUMBERS as readonly string[]).includes(key)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
        throw fail(field, 'must be a non-negative integer');
      }
      out[key] = value;
    } else if (key === 'headers') {
      if (!isObject(value) || Object.values(value).some((v) => typeof v !== 'string')) {
        throw fail(field, 'must map header names to strings');
      }
      out.headers = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          expandEnv(v as string, `${field}.${k}`, fail, env),
        ]),
      );
    } else {
      throw fail(
        field,
        `unknown setting (known: ${[...CONNECTION_STRINGS, ...CONNECTION_NUMBERS, 'headers'].join(', ')})`,
      );
    }
  }
  if (out.baseURL !== undefined && !isHttpUrl(out.baseURL as string)) {
    throw fail('config.baseURL', 'must be an http(s) URL');
  }
  if (out.preset !== undefined) {
    if (type !== 'openai') throw fail('config.preset', 'only applies to type openai');
    const preset = OPENAI_PRESETS[out.preset as string];
    if (!preset)
      throw fail('config.preset', `must be one of ${Object.keys(OPENAI_PRESETS).join(', ')}`);
    out.baseURL ??= preset;
    delete out.preset;
  }
  return out as ProviderConnection;
}

function parseModels(
  raw: unknown,
  field: string,
  fail: (field: string, message: string) => Error,
): ModelDescriptor[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) throw fail(field, 'must be a list of model keys or { key, name? }');
  return raw.map((item, index) => {
    const at = `${field}[${index}]`;
    if (typeof item === 'string' && item.trim())
      return { key: item.trim(), name: displayNameFor(item.trim()) };
    if (isObject(item) && typeof item.key === 'string' && item.key.trim()) {
      if (item.name !== undefined && typeof item.name !== 'string')
        throw fail(`${at}.name`, 'must be a string');
      const key = item.key.trim();
      return { key, name: (item.name as string | undefined)?.trim() || displayNameFor(key) };
    }
    throw fail(at, 'must be a model key or { key, name? }');
  });
}

function expandEnv(
  value: string,
  field: string,
  fail: (field: string, message: string) => Error,
  env: NodeJS.ProcessEnv,
): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
    const found = env[variable];
    if (found === undefined || found === '')
      throw fail(field, `environment variable ${variable} is not set`);
    return found;
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
