/**
 * The caller a valid bearer token belongs to, on `request.user` and through @CurrentUser().
 * `id` is what per-user features (rate limiting) key on; `profile` is the auth service's
 * GET /api/auth/me reply body, unchanged.
 */
export interface AuthenticatedUser {
  /** The profile's `id`, else `sub`, else `userId`, as text; else `token:<sha256 of the token>`. */
  readonly id: string;
  readonly profile: Readonly<Record<string, unknown>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by BearerAuthGuard when the request carried a valid token. */
    user?: AuthenticatedUser;
  }
}

export function userFromProfile(
  profile: Record<string, unknown>,
  tokenHash: string,
): AuthenticatedUser {
  for (const field of ['id', 'sub', 'userId']) {
    const value = profile[field];
    if (typeof value === 'string' || typeof value === 'number') {
      return { id: String(value), profile };
    }
  }
  return { id: `token:${tokenHash}`, profile };
}
