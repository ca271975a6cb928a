interface RequestWithCaller {
  ip: string;
  user?: { id?: string | number; sub?: string | number } | null;
}

/** Who a request counts against: the authenticated user when there is one, else the client address. */
export function callerKeyOf(request: unknown): string {
  const { user, ip } = request as RequestWithCaller;
  const id = user?.id ?? user?.sub;
  return id !== undefined && id !== null ? `user:${String(id)}` : `ip:${ip}`;
}
