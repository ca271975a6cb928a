import { InvalidDocumentsRequestError } from '../documents.errors';
import type { AttributeFilter, AttributeValue, Attributes } from '../documents.types';

const COMPARISON_TYPES = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin'];
const MAX_FILTER_DEPTH = 8;

/** OpenAI's `filters`: comparison or compound, checked (and bounded in depth) before any SQL. */
export function attributeFilterOf(raw: unknown, param = 'filters', depth = 0): AttributeFilter {
  const value = raw as { type?: unknown; key?: unknown; value?: unknown; filters?: unknown };
  if (raw === null || typeof raw !== 'object' || typeof value.type !== 'string') {
    throw new InvalidDocumentsRequestError(`${param} must be an object with a type`, 'filters');
  }
  if (value.type === 'and' || value.type === 'or') {
    if (!Array.isArray(value.filters) || depth >= MAX_FILTER_DEPTH) {
      throw new InvalidDocumentsRequestError(
        `${param}.filters must be an array of filters (nested at most ${MAX_FILTER_DEPTH} deep)`,
        'filters',
      );
    }
    return {
      type: value.type,
      filters: value.filters.map((inner, index) =>
        attributeFilterOf(inner, `${param}.filters[${index}]`, depth + 1),
      ),
    };
  }
  if (!COMPARISON_TYPES.includes(value.type)) {
    throw new InvalidDocumentsRequestError(
      `${param}.type must be one of ${[...COMPARISON_TYPES, 'and', 'or'].join(', ')}`,
      'filters',
    );
  }
  if (typeof value.key !== 'string' || value.key === '') {
    throw new InvalidDocumentsRequestError(`${param}.key must be a non-empty string`, 'filters');
  }
  const list = value.type === 'in' || value.type === 'nin';
  const ok = list
    ? Array.isArray(value.value) && value.value.every(isAttributeValue)
    : isAttributeValue(value.value);
  if (!ok) {
    throw new InvalidDocumentsRequestError(
      `${param}.value must be ${list ? 'an array of strings, numbers or booleans' : 'a string, number or boolean'}`,
      'filters',
    );
  }
  return {
    type: value.type as 'eq',
    key: value.key,
    value: value.value as AttributeValue | AttributeValue[],
  };
}

/** OpenAI's attributes: at most 16 keys of up to 64 characters, values strings (512), numbers or booleans. */
export function attributesOf(raw: unknown, param = 'attributes'): Attributes {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new InvalidDocumentsRequestError(`${param} must be an object`, param);
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  const bad = entries.find(
    ([key, value]) =>
      key.length > 64 ||
      !isAttributeValue(value) ||
      (typeof value === 'string' && value.length > 512),
  );
  if (entries.length > 16 || bad) {
    throw new InvalidDocumentsRequestError(
      `${param} must have at most 16 keys of up to 64 characters, each a string (up to 512 characters), number or boolean`,
      param,
    );
  }
  return raw as Attributes;
}

function isAttributeValue(value: unknown): value is AttributeValue {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}
