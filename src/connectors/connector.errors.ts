import { QuarryError } from '../common/errors/quarry.error';

export class UnknownConnectorError extends QuarryError {
  constructor(id: string) {
    super(`unknown connector: ${id}`, 404);
  }
}

export class UnknownActionError extends QuarryError {
  constructor(action: string) {
    super(`unknown action: ${action}`, 400);
  }
}

/** The parameters of an action are unusable; nothing was sent. */
export class ConnectorValidationError extends QuarryError {
  constructor(message: string) {
    super(message, 400);
  }
}

/** Every attempt of an action failed; the result describing the last one travels with the error. */
export class ConnectorExecutionError<Result = unknown> extends QuarryError {
  constructor(
    message: string,
    readonly result: Result,
  ) {
    super(message, 502);
  }
}

/** The caller already runs CONNECTOR_MAX_CONCURRENT_PER_CLIENT actions; nothing was sent. */
export class TooManyConcurrentActionsError extends QuarryError {
  constructor(limit: number) {
    super(
      `Too many connector actions at once: at most ${limit} per caller may run at the same time; ` +
        'retry after one finishes',
      429,
      { 'retry-after': '1' },
    );
  }
}
