/**
 * How a request names a model: by provider id and key as GET /api/providers lists them, or, as
 * Perplexica's older API did, by provider type, name or id and model key (`name`, or `model` as
 * its image and video routes sent it). Absent: the configured default.
 */
export type ModelRef =
  | { readonly providerId: string; readonly key: string }
  | { readonly provider: string; readonly name?: string; readonly model?: string };

export type ModelKind = 'chat' | 'embedding';

/** The shapes a model reference may take, for validation messages and docs. */
export const MODEL_REF_SHAPES =
  '{ providerId, key } (from GET /api/providers) or { provider, name } (from GET /api/models), or left out for the default';
