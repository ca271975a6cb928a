import { QuarryError } from '../common/errors/quarry.error';

// RFC 6750 section 3: the challenge tells the client which scheme to use and why it failed.
const CHALLENGE = 'Bearer realm="quarry"';

/** No credentials, or not `Authorization: Bearer <token>`, or a token the auth service rejected. */
export class UnauthenticatedError extends QuarryError {
  private constructor(message: string, challenge: string) {
    super(message, 401, { 'WWW-Authenticate': challenge });
  }

  static missing(): UnauthenticatedError {
    return new UnauthenticatedError('A bearer token is required', CHALLENGE);
  }

  static malformed(): UnauthenticatedError {
    return new UnauthenticatedError(
      'The Authorization header must be "Bearer <token>"',
      `${CHALLENGE}, error="invalid_request"`,
    );
  }

  static rejected(): UnauthenticatedError {
    return new UnauthenticatedError(
      'The bearer token is invalid or expired',
      `${CHALLENGE}, error="invalid_token"`,
    );
  }
}

/** The auth service could not give an answer: the request is refused rather than let through. */
export class AuthServiceUnavailableError extends QuarryError {
  constructor() {
    super('The authentication service is unavailable; retry later', 503);
  }
}

/** Too many validations already running or waiting: the caller retries instead of queueing without bound. */
export class AuthServiceBusyError extends QuarryError {
  constructor() {
    super('The authentication service is busy; retry later', 503, { 'retry-after': '1' });
  }
}
