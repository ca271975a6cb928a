import { registerDecorator, type ValidationOptions } from 'class-validator';

/** OpenAI's limits on metadata: 16 pairs, keys of 64 characters, string values of 512. */
const MAX_PAIRS = 16;
const MAX_KEY_CHARS = 64;
const MAX_VALUE_CHARS = 512;

/** metadata: an object of at most 16 string values, as OpenAI's Metadata type is. */
export function IsOpenAiMetadata(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isOpenAiMetadata',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        ...options,
        message: (args) => metadataProblem(args.value) ?? 'metadata is invalid',
      },
      validator: { validate: (value: unknown) => metadataProblem(value) === undefined },
    });
  };
}

function metadataProblem(value: unknown): string | undefined {
  if (value == null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return 'metadata must be an object';
  const entries = Object.entries(value);
  if (entries.length > MAX_PAIRS) return `metadata must have at most ${MAX_PAIRS} keys`;
  for (const [key, item] of entries) {
    if (key.length > MAX_KEY_CHARS) {
      return `metadata keys must be at most ${MAX_KEY_CHARS} characters`;
    }
    if (typeof item !== 'string' || item.length > MAX_VALUE_CHARS) {
      return `metadata.${key} must be a string of at most ${MAX_VALUE_CHARS} characters`;
    }
  }
  return undefined;
}
