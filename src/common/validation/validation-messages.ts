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

/** One thing wrong with a request body: the message, and the top-level field it is about. */
export interface ValidationProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * One list of problems for a body that failed validation, each message once, and only about fields
 * that were sent or are required: a field that is missing or of the wrong type gets the one message
 * saying what it must be (class-validator reports every constraint of it, including "each value in
 * sources..." for a sources that was never sent), and nothing below it.
 */
export function validationProblems(errors: readonly ValidationError[]): ValidationProblem[] {
  const byMessage = new Map<string, ValidationProblem>();
  collect(errors, '', undefined, byMessage);
  return [...byMessage.values()];
}

function collect(
  errors: readonly ValidationError[],
  parentPath: string,
  rootField: string | undefined,
  into: Map<string, ValidationProblem>,
): void {
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const field = rootField ?? error.property;
    const constraints = error.constraints ?? {};
    const typeFailure = TYPE_CONSTRAINTS.find((name) => constraints[name] !== undefined);
    const keys = typeFailure
      ? [typeFailure]
      : error.value === undefined && Object.keys(constraints).length > 0
        ? [Object.keys(constraints)[0]]
        : Object.keys(constraints);
    // Nest names a nested field by its path ("chatModel.key ..."); the messages name the property.
    for (const key of keys) {
      const message = parentPath ? `${parentPath}.${constraints[key]}` : constraints[key];
      if (!into.has(message)) into.set(message, { field, message });
    }
    if (!typeFailure && error.children?.length) collect(error.children, path, field, into);
  }
}
