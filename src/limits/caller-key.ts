import { normalizeIp } from '@nestjs/throttler';

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

/**
 * The caller key of a client that has not (or not yet) authenticated: its address, an IPv6 one by
 * its /64 (one host usually holds a whole /64, so a fresh address per request would otherwise be a
 * fresh budget) and an IPv4-mapped one as the IPv4 address (@nestjs/throttler's normalizeIp).
 */
export function addressCallerKey(ip: string): string {
  return `ip:${normalizeIp(ip)}`;
}

/**
 * The rate-limit counter of a caller under one throttler: the same for every route the caller
 * uses, so RATE_LIMIT_MAX is one budget per caller (the throttler's own key is per handler).
 */
export function rateLimitKeyOf(callerKey: string, throttlerName: string): string {
  return `rate:${throttlerName}:${callerKey}`;
}
