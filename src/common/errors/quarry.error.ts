/**
 * Base of the service's domain errors. Modules subclass it (UnknownModelError, UpstreamUnavailableError...)
 * and the one exception filter turns it into the error body with this status and these headers.
 */
export class QuarryError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
