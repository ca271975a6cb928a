import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The auth service's bearer validation on 127.0.0.1: GET /api/auth/me answers 200 with the profile
 * of a known token, 403 for tokens starting with "forbidden", 401 otherwise.
 */
export class FakeAuthServer {
  /** Token to the profile returned for it. */
  readonly users = new Map<string, Record<string, unknown>>();
  /** Headers of every call received, in order. */
  readonly calls: IncomingHttpHeaders[] = [];
  /** When set, every call is answered with this status instead. */
  failWith?: number;
  /** Delay before answering, in ms. */
  delayMs = 0;
  /** While true, calls are held unanswered until releaseHeld(): a deterministic slow service. */
  holding = false;
  /**
   * When set, a second request on a kept-alive connection gets a TCP reset instead of an answer,
   * as from a server that closed the idle connection just as the client reused it.
   */
  resetReusedConnections = false;
  /** TCP connections accepted so far. */
  connections = 0;
  url = '';
  private server!: Server;
  private readonly pending = new Set<NodeJS.Timeout>();
  private held: Array<() => void> = [];

  /** keepAliveTimeoutMs: how long the server keeps an idle connection (Node's default, 5 s, otherwise). */
  static async start(options: { keepAliveTimeoutMs?: number } = {}): Promise<FakeAuthServer> {
    const fake = new FakeAuthServer();
    const served = new WeakSet<Socket>();
    fake.server = createServer((req, res) => {
      if (fake.resetReusedConnections && served.has(req.socket)) {
        req.socket.resetAndDestroy();
        return;
      }
      served.add(req.socket);
      fake.calls.push(req.headers);
      const answer = (): void => {
        if (req.method !== 'GET' || req.url !== '/api/auth/me') {
          res.writeHead(404).end();
          return;
        }
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const profile = fake.users.get(token);
        const status = fake.failWith ?? (profile ? 200 : token.startsWith('forbidden') ? 403 : 401);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(status === 200 ? profile : { message: 'no' }));
      };
      if (fake.holding) {
        fake.held.push(answer);
        return;
      }
      if (fake.delayMs <= 0) return answer();
      const timer = setTimeout(() => {
        fake.pending.delete(timer);
        answer();
      }, fake.delayMs);
      fake.pending.add(timer);
    });
    if (options.keepAliveTimeoutMs !== undefined)
      fake.server.keepAliveTimeout = options.keepAliveTimeoutMs;
    fake.server.on('connection', () => fake.connections++);
    fake.server.listen(0, '127.0.0.1');
    await once(fake.server, 'listening');
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** Stops holding calls and answers every call held so far. */
  releaseHeld(): void {
    this.holding = false;
    const held = this.held;
    this.held = [];
    for (const answer of held) answer();
  }

  /** Number of calls that carried this token. */
  callsFor(token: string): number {
    return this.calls.filter((headers) => headers.authorization === `Bearer ${token}`).length;
  }

  async close(): Promise<void> {
    for (const timer of this.pending) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
