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

function describe(errors: ValidationError[]): string {
  return errors
    .map((error) => {
      const reasons = Object.values(error.constraints ?? {}).join(', ');
      return `${error.property}: ${reasons}`;
    })
    .join('; ');
}
