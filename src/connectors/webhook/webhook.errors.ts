import { QuarryError } from '../../common/errors/quarry.error';

/** The destination resolved to an address the service must not reach (loopback, private, metadata...). */
export class DestinationRefusedError extends QuarryError {
  constructor(reason: string) {
    super(`destination address not allowed: ${reason}`, 400);
  }
}

/** Rule 4: the body given to a non-GET action cannot be written as JSON. */
export class WebhookBodySerializationError extends QuarryError {
  constructor(reason: string) {
    super(`body cannot be serialized as JSON: ${reason}`, 400);
  }
}
