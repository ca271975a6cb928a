import { QuarryError } from '../common/errors/quarry.error';

/** The sibling could not be reached or broke the connection before answering. */
export class SiblingUnreachableError extends QuarryError {
  constructor(sibling: string) {
    // Only the sibling's name: its address may carry credentials and is deployment detail.
    super(`The ${sibling} service is unreachable`, 502);
  }
}

/** The sibling accepted the request but sent no reply within PROXY_TIMEOUT_MS. */
export class SiblingTimeoutError extends QuarryError {
  constructor(sibling: string, timeoutMs: number) {
    super(`The ${sibling} service did not answer within ${timeoutMs} ms`, 504);
  }
}

/** A path the proxy refuses to forward (dot segments, malformed percent-encoding). */
export class UnforwardablePathError extends QuarryError {
  constructor(reason: string) {
    super(reason, 400);
  }
}
