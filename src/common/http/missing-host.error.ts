import { QuarryError } from '../errors/quarry.error';

/** An HTTP/1.1 request without the Host header the protocol requires (RFC 9112, 3.2). */
export class MissingHostError extends QuarryError {
  constructor() {
    super('HTTP/1.1 requests must carry a Host header', 400);
  }
}
