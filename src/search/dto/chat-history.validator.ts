import { registerDecorator, type ValidationOptions } from 'class-validator';
import type { HistoryTurn } from '../search-run';
import { HISTORY_ROLES } from './history.validator';

/** One turn of chatHistory as either API generation sends it. */
export type ChatHistoryEntry =
  readonly [string, string] | { readonly role: string; readonly content: string };

const ROLES = HISTORY_ROLES.join(', ');

/**
 * chatHistory of the image, video and suggestion routes: [role, content] pairs or { role, content }
 * objects (both may be mixed); roles human/user and assistant/ai. The message names the first bad entry.
 */
export function IsChatHistory(
  { required = false }: { required?: boolean } = {},
  options?: ValidationOptions,
): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isChatHistory',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        ...options,
        message: (args) =>
          problemOf(args.value, args.property, required) ?? `${args.property} is invalid`,
      },
      validator: {
        validate: (value: unknown, args) =>
          problemOf(value, args?.property ?? '', required) === undefined,
      },
    });
  };
}

/** The turns in the pipeline's terms: human and user are the user, assistant and ai the assistant. */
export function toHistoryTurns(entries: readonly ChatHistoryEntry[] | undefined): HistoryTurn[] {
  return (entries ?? []).map((entry) => {
    const [role, content] = Array.isArray(entry)
      ? entry
      : [(entry as { role: string }).role, (entry as { content: string }).content];
    return { role: role === 'human' || role === 'user' ? 'user' : 'assistant', content };
  });
}

function problemOf(value: unknown, field: string, required: boolean): string | undefined {
  if (
    required &&
    (value === undefined || value === null || (Array.isArray(value) && !value.length))
  ) {
    return `${field} must hold at least one turn: [role, content] pairs or { role, content } objects`;
  }
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    return `${field} must be an array of [role, content] pairs or { role, content } objects`;
  }
  for (const [index, entry] of value.entries()) {
    const at = `${field}[${index}]`;
    let role: unknown;
    let content: unknown;
    if (Array.isArray(entry)) {
      if (entry.length !== 2)
        return `${at} must be a [role, content] pair or a { role, content } object`;
      [role, content] = entry as unknown[];
    } else if (typeof entry === 'object' && entry !== null) {
      ({ role, content } = entry as { role?: unknown; content?: unknown });
    } else {
      return `${at} must be a [role, content] pair or a { role, content } object`;
    }
    if (typeof role !== 'string' || !(HISTORY_ROLES as readonly string[]).includes(role)) {
      return `${at} role must be one of: ${ROLES}`;
    }
    if (typeof content !== 'string') return `${at} content must be a string`;
  }
  return undefined;
}
