import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Signature-256';

/** `sha256=` and the lowercase hex HMAC-SHA256 of the exact bytes sent (GitHub's scheme). */
export function webhookSignature(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
