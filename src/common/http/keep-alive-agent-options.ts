/**
 * Options for Quarry's own keep-alive agents (auth service, page reader, webhooks). The idle
 * timeout matters beyond itself: with one set, Node's agent also honours a server's
 * `Keep-Alive: timeout=N` hint (closing a second before it); without one it ignores the hint and
 * reuses connections the server has already closed (ECONNRESET).
 */
export const KEEP_ALIVE_AGENT_OPTIONS = { keepAlive: true, timeout: 4_000 } as const;
