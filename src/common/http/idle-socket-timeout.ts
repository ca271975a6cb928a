/**
 * How long Quarry's own keep-alive agents keep an idle connection. With a timeout set, Node's
 * agent also honours a server's `Keep-Alive: timeout=N` hint (closing a second before it); without
 * one it ignores the hint and reuses connections the server has already closed (ECONNRESET).
 */
export const IDLE_SOCKET_TIMEOUT_MS = 4_000;
