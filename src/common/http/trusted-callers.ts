import type { FastifyRequest } from 'fastify';

/**
 * Whether a request may see what the service tells only its own callers (readiness detail: internal
 * addresses, failure reasons) on a route that anyone may call. The auth module provides it,
 * globally: a caller with a valid bearer token, or everyone while AUTH_REQUIRED is false.
 */
export abstract class TrustedCallers {
  abstract isTrusted(request: FastifyRequest): Promise<boolean>;
}
