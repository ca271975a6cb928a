import { QuarryError } from '../common/errors/quarry.error';

/** A providerId that is not active, or a key that is not one of its models: a client mistake (400). */
export class InvalidModelSelectionError extends QuarryError {
  constructor(message: string) {
    super(message, 400);
  }
}

export type ModelCallFailure =
  | 'auth_failed'
  | 'rate_limited'
  | 'model_not_found'
  | 'unreachable'
  | 'timeout'
  | 'bad_response'
  | 'invalid_request'
  | 'context_too_long';

const STATUS: Record<ModelCallFailure, number> = {
  // The conversation sent is longer than the model takes: shortened, the request can succeed.
  context_too_long: 400,
  // The provider refused a setting the client chose (a stop or temperature its model does not
  // take): the client's to change, and not worth a retry, which a 5xx would invite.
  invalid_request: 400,
  auth_failed: 502,
  rate_limited: 503,
  model_not_found: 502,
  unreachable: 502,
  timeout: 504,
  bad_response: 502,
};

/** A failure as words: "context too long". */
export function failureText(failure: ModelCallFailure): string {
  return failure.replaceAll('_', ' ');
}

/** A call to a model provider failed; names the provider and model, never the key or address. */
export class ModelCallError extends QuarryError {
  /** OpenAI's code for the failure a client can act on, where there is one. */
  readonly code?: string;

  constructor(
    readonly failure: ModelCallFailure,
    readonly provider: string,
    readonly model: string,
    detail: string,
    retryAfterSeconds?: number,
  ) {
    super(
      `${provider} model ${model}: ${failureText(failure)}: ${detail}`,
      STATUS[failure],
      retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {},
    );
    if (failure === 'context_too_long') this.code = 'context_length_exceeded';
  }
}

/** A request named no model and the configured default (or any active provider) has none: 503. */
export class DefaultModelUnavailableError extends QuarryError {
  constructor(detail: string) {
    super(`no default model available: ${detail}`, 503);
  }
}
