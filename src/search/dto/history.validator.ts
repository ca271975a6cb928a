import { registerDecorator, type ValidationOptions } from 'class-validator';

/** Roles accepted in history pairs; user and ai are the aliases older clients send. */
export const HISTORY_ROLES = ['human', 'assistant', 'user', 'ai'] as const;

/** history: an array of [role, content] pairs; the message names the first bad entry. */
export function IsHistory(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isHistory',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        ...options,
        message: (args) => describeProblem(args.value) ?? 'history is invalid',
      },
      validator: {
        validate: (value: unknown) => describeProblem(value) === undefined,
      },
    });
  };
}

function describeProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return 'history must be an array of [role, content] pairs';
  for (const [index, entry] of value.entries()) {
    if (!Array.isArray(entry) || entry.length !== 2) {
      return `history[${index}] must be a [role, content] pair`;
    }
    const [role, content] = entry as unknown[];
    if (typeof role !== 'string' || !(HISTORY_ROLES as readonly string[]).includes(role)) {
      return `history[${index}][0] (role) must be one of: human, assistant`;
    }
    if (typeof content !== 'string') return `history[${index}][1] (content) must be a string`;
  }
  return undefined;
}
