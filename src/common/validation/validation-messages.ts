import type { ValidationError } from 'class-validator';

/** Constraints that say what kind of value a field takes; when one fails, the others say nothing useful. */
const TYPE_CONSTRAINTS = [
  'isDefined',
  'isObject',
  'isArray',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isEnum',
];

/**
 * One list of messages for a body that failed validation, each message once, and only about fields
 * that were sent or are required: a field that is missing or of the wrong type gets the one message
 * saying what it must be (class-validator reports every constraint of it, including "each value in
 * sources..." for a sources that was never sent), and nothing below it.
 */
export function validationMessages(errors: readonly ValidationError[], parentPath = ''): string[] {
  const messages = new Set<string>();
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    const typeFailure = TYPE_CONSTRAINTS.find((name) => constraints[name] !== undefined);
    const keys = typeFailure
      ? [typeFailure]
      : error.value === undefined && Object.keys(constraints).length > 0
        ? [Object.keys(constraints)[0]]
        : Object.keys(constraints);
    // Nest names a nested field by its path ("chatModel.key ..."); the messages name the property.
    for (const key of keys)
      messages.add(parentPath ? `${parentPath}.${constraints[key]}` : constraints[key]);
    if (!typeFailure && error.children?.length) {
      for (const message of validationMessages(error.children, path)) messages.add(message);
    }
  }
  return [...messages];
}
