import { registerDecorator, type ValidationOptions } from 'class-validator';

/** OpenAI takes up to four stop sequences. */
export const MAX_STOP_SEQUENCES = 4;

/** stop: a non-empty string or an array of at most four of them, as OpenAI takes it. */
export function IsStopSequences(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isStopSequences',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        ...options,
        message: `stop must be a non-empty string or an array of at most ${MAX_STOP_SEQUENCES} of them`,
      },
      validator: {
        validate: (value: unknown) =>
          value == null ||
          (Array.isArray(value) && value.length === 0) ||
          stopSequences(value).length > 0,
      },
    });
  };
}

/** The sequences of a valid stop field as a list; empty for an invalid one (or `[]`, none). */
export function stopSequences(value: unknown): string[] {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_STOP_SEQUENCES) return [];
  return list.every((item) => typeof item === 'string' && item.length > 0) ? list : [];
}
