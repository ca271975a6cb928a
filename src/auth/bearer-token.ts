import { UnauthenticatedError } from './auth.errors';

// RFC 6750 section 2.1: the scheme is case-insensitive, the credentials are token68.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** The token of an `Authorization: Bearer <token>` header; 401 errors for anything else. */
export function bearerTokenOf(header: string | string[] | undefined): string {
  if (header === undefined || header === '') throw UnauthenticatedError.missing();
  if (Array.isArray(header)) throw UnauthenticatedError.malformed();
  const match = BEARER.exec(header);
  if (!match) throw UnauthenticatedError.malformed();
  return match[1];
}
