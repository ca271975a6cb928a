import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { ConfigValidationError } from './config-validation.error';

type EnvClass<T> = new () => T;

/**
 * Reads and validates one environment class. Empty strings count as unset so that
 * `FOO=` in a .env file falls back to the default instead of failing validation.
 */
export function validateEnv<T extends object>(
  envClass: EnvClass<T>,
  source: NodeJS.ProcessEnv = process.env,
): T {
  const plain: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== '') plain[key] = value.trim();
  }
  const instance = plainToInstance(envClass, plain, {
    enableImplicitConversion: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(instance, {
    skipMissingProperties: false,
    forbidUnknownValues: false,
  });
  if (errors.length > 0) throw new ConfigValidationError(describe(errors));
  return instance;
}

/** Constraints on the kind of value: when one fails, the range checks beside it say nothing useful. */
const KIND_CONSTRAINTS = ['isInt', 'isNumber', 'isBoolean', 'isUrl'];

function describe(errors: ValidationError[]): string {
  return errors
    .map((error) => {
      const constraints = error.constraints ?? {};
      const kind = KIND_CONSTRAINTS.find((name) => constraints[name] !== undefined);
      const reasons = kind ? constraints[kind] : Object.values(constraints).join(', ');
      return `${error.property}: ${reasons}`;
    })
    .join('; ');
}
