import { QuarryError } from '../../common/errors/quarry.error';

/** The destination resolved to an address the service must not reach (loopback, private, metadata...). */
export class DestinationRefusedError extends QuarryError {
  /** host: as the URL names it; address: what it resolved to, when known. */
  constructor(host: string, address: string | undefined) {
    const resolved = address && address !== host ? ` (resolves to ${address})` : '';
    super(
      `destination address not allowed: ${host}${resolved} is not a public address; ` +
        'set CONNECTOR_ALLOW_PRIVATE_NETWORKS=true to allow private and loopback destinations',
      400,
    );
  }
}

/** Rule 4: the body given to a non-GET action cannot be written as JSON. */
export class WebhookBodySerializationError extends QuarryError {
  constructor(reason: string) {
    super(`body cannot be serialized as JSON: ${reason}`, 400);
  }
}
