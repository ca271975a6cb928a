/** Thrown at start-up when an environment variable is invalid; main.ts prints its message as one line. */
export class ConfigValidationError extends Error {
  override readonly name = 'ConfigValidationError';
}
