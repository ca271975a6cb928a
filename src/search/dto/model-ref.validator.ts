import { registerDecorator, type ValidationOptions } from 'class-validator';
import { MODEL_REF_SHAPES } from '../../providers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Fields of the older API that would make the service call an address with a key of the caller's choosing. */
export const REFUSED_MODEL_FIELDS = ['customOpenAIBaseURL', 'customOpenAIKey'] as const;

/**
 * A model reference: { providerId, key }, { provider, name | model }, or absent (the default).
 * One custom validator, so a bad reference gets exactly one message, naming the accepted shapes.
 */
export function IsModelRef(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isModelRef',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        ...options,
        message: (args) => problemOf(args.value, args.property) ?? `${args.property} is invalid`,
      },
      validator: {
        validate: (value: unknown, args) => problemOf(value, args?.property ?? '') === undefined,
      },
    });
  };
}

function problemOf(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return `${field} must be an object: ${MODEL_REF_SHAPES}`;
  }
  const ref = value as Record<string, unknown>;
  const refused = REFUSED_MODEL_FIELDS.filter((name) => ref[name] !== undefined);
  if (refused.length > 0) return refusedMessage(refused.map((name) => `${field}.${name}`));
  if (ref.providerId !== undefined) {
    // Both halves are checked so one reply names every problem of the reference.
    const problems: string[] = [];
    if (typeof ref.providerId !== 'string' || !UUID.test(ref.providerId)) {
      problems.push(`${field}.providerId must be a UUID from GET /api/providers`);
    }
    if (!nonEmpty(ref.key))
      problems.push(`${field}.key must be a model key from GET /api/providers`);
    return problems.length > 0 ? problems.join('; ') : undefined;
  }
  if (ref.provider !== undefined) {
    if (!nonEmpty(ref.provider)) {
      return `${field}.provider must be a provider key from GET /api/models (or a provider name or id)`;
    }
    if (!nonEmpty(ref.name ?? ref.model)) {
      return `${field}.name must be a model key from GET /api/models`;
    }
    return undefined;
  }
  return `${field} must be ${MODEL_REF_SHAPES}`;
}

export function refusedMessage(fields: readonly string[]): string {
  return (
    `${fields.join(' and ')} ${fields.length > 1 ? 'are' : 'is'} not accepted: Quarry calls only ` +
    'the model providers configured on the server (PROVIDERS_FILE, OPENAI_BASE_URL...); name one ' +
    'from GET /api/providers or GET /api/models'
  );
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** A field the service refuses whatever its value (customOpenAIBaseURL and customOpenAIKey at the top level). */
export function IsRefused(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isRefused',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { ...options, message: (args) => refusedMessage([args.property]) },
      validator: { validate: (value: unknown) => value === undefined },
    });
  };
}
