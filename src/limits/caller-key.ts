interface RequestWithCaller {
  ip: string;
  user?: { id?: string | number; sub?: string | number } | null;
}

/** Who a request counts against: the authenticated user when there is one, else the client address. */
export function callerKeyOf(request: unknown): string {
  const { user, ip } = request as RequestWithCaller;
  const id = user?.id ?? user?.sub;
  return id !== undefined && id !== null ? `user:${String(id)}` : addressCallerKey(ip);
}

/** The caller key of a client that has not (or not yet) authenticated: its address. */
export function addressCallerKey(ip: string): string {
  return `ip:${ip}`;
}

/**
 * The rate-limit counter of a caller under one throttler: the same for every route the caller
 * uses, so RATE_LIMIT_MAX is one budget per caller (the throttler's own key is per handler).
 */
export function rateLimitKeyOf(callerKey: string, throttlerName: string): string {
  return `rate:${throttlerName}:${callerKey}`;
}
