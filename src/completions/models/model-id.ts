import { OPTIMIZATION_MODES, type OptimizationMode } from '../../search';

/** A model named by provider id and model key. */
export interface ModelRefId {
  readonly providerId: string;
  readonly key: string;
}

/** What an alias stands for: a chat model, maybe a mode, maybe its own embedding model. */
export interface ModelAlias {
  readonly name: string;
  readonly chat: ModelRefId;
  readonly mode?: OptimizationMode;
  readonly embedding?: ModelRefId;
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const MODEL_ID = new RegExp(`^(${UUID})/(.+)$`);
// Keys may hold ':' and '/' (llama3:8b, meta-llama/Llama-3): the provider id is a UUID and the
// mode suffix is one of three words, so both ends are unambiguous.
const ALIAS = new RegExp(
  `^([A-Za-z0-9][A-Za-z0-9._-]*)=(${UUID})/(.+?)(?::(${OPTIMIZATION_MODES.join('|')}))?(?:\\+(${UUID})/(.+))?$`,
);

/** The model id of /v1: `<providerId>/<key>`; undefined when the text is not shaped so. */
export function parseModelId(text: string): ModelRefId | undefined {
  const match = MODEL_ID.exec(text.trim());
  return match ? { providerId: match[1].toLowerCase(), key: match[2] } : undefined;
}

export function formatModelId(ref: ModelRefId): string {
  return `${ref.providerId}/${ref.key}`;
}

/**
 * One QUARRY_MODEL_ALIASES entry: `name=<providerId>/<chatKey>[:speed|balanced|quality]
 * [+<providerId>/<embeddingKey>]`; undefined when malformed.
 */
export function parseModelAlias(entry: string): ModelAlias | undefined {
  const match = ALIAS.exec(entry.trim());
  if (!match) return undefined;
  const [, name, chatProvider, chatKey, mode, embeddingProvider, embeddingKey] = match;
  return {
    name,
    chat: { providerId: chatProvider.toLowerCase(), key: chatKey },
    ...(mode ? { mode: mode as OptimizationMode } : {}),
    ...(embeddingProvider
      ? { embedding: { providerId: embeddingProvider.toLowerCase(), key: embeddingKey } }
      : {}),
  };
}
