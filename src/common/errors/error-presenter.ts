import type { MappedError } from './error-mapper';

/**
 * Another body for the errors of some routes (the /v1 routes answer in OpenAI's shape). The
 * status and headers stay those of the one mapping; a presenter only reshapes the body.
 */
export interface ErrorPresenter {
  /** True for the request URLs whose errors this presenter shapes; asked only when an error is sent. */
  appliesTo(url: string): boolean;
  present(mapped: MappedError, exception: unknown): unknown;
}
