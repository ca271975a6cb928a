import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/** One request as it arrived, bytes untouched. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string[]>;
  /** Node's view: lowercase names, repeated headers joined. */
  readonly headers: IncomingHttpHeaders;
  /** Name/value pairs exactly as sent, in order. */
  readonly rawHeaders: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
  /** performance.now() when the request head arrived. */
  readonly receivedAt: number;
}

/** How to answer one request. */
export interface ScriptedReply {
  readonly status?: number;
  /** Pairs, so one name may repeat (sent as separate header lines). */
  readonly headers?: ReadonlyArray<readonly [string, string]>;
  readonly body?: string | Buffer | object;
  /** Wait this long before answering. */
  readonly delayMs?: number;
  /** Destroy the connection without answering. */
  readonly reset?: boolean;
  /** Send the head and this many body bytes of a longer declared body, then destroy the connection. */
  readonly cutAfterBytes?: number;
  /** Send the head and this many body bytes of a longer declared body, then go silent. */
  readonly stallAfterBytes?: number;
  /** Send the body chunked, without Content-Length, so its size shows only as it arrives. */
  readonly chunked?: boolean;
  /** Answer only when releaseHeld() is called. */
  readonly held?: boolean;
}

const DEFAULT_REPLY: ScriptedReply = { status: 200, body: { received: true } };

/** A real HTTP server on 127.0.0.1 that records what webhooks deliver and answers as scripted. */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private queue: ScriptedReply[] = [];
  private fallback: ScriptedReply = DEFAULT_REPLY;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private held: Array<() => void> = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('connection', (socket) => {
      receiver.sockets.add(socket);
      socket.once('close', () => receiver.sockets.delete(socket));
    });
    server.on('request', (request, response) => {
      const receivedAt = performance.now();
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://receiver');
        // No prototype: generated query keys include __proto__ and constructor.
        const query = Object.create(null) as Record<string, string[]>;
        for (const [key, value] of url.searchParams) (query[key] ??= []).push(value);
        const rawHeaders: Array<[string, string]> = [];
        for (let i = 0; i < request.rawHeaders.length; i += 2) {
          rawHeaders.push([request.rawHeaders[i], request.rawHeaders[i + 1]]);
        }
        receiver.requests.push({
          method: request.method ?? '',
          path: url.pathname,
          query,
          headers: request.headers,
          rawHeaders,
          body: Buffer.concat(chunks),
          receivedAt,
        });
        const scripted = receiver.queue.shift() ?? receiver.fallback;
        const answer = (): void => {
          if (scripted.reset) {
            request.socket.resetAndDestroy();
            return;
          }
          const body = encode(scripted.body);
          response.statusCode = scripted.status ?? 200;
          const names = new Map<string, string[]>();
          for (const [name, value] of scripted.headers ?? []) {
            names.set(name, [...(names.get(name) ?? []), value]);
          }
          for (const [name, values] of names) {
            response.setHeader(name, values.length === 1 ? values[0] : values);
          }
          if (!response.hasHeader('content-type') && scripted.body !== undefined) {
            const json = typeof scripted.body === 'object' && !Buffer.isBuffer(scripted.body);
            response.setHeader('content-type', json ? 'application/json' : 'text/plain');
          }
          if (!scripted.chunked) response.setHeader('content-length', body.length);
          if (scripted.cutAfterBytes !== undefined) {
            response.write(body.subarray(0, scripted.cutAfterBytes), () =>
              request.socket.destroy(),
            );
            return;
          }
          if (scripted.stallAfterBytes !== undefined) {
            response.write(body.subarray(0, scripted.stallAfterBytes));
            return;
          }
          response.end(body);
        };
        if (scripted.held) {
          receiver.held.push(() => {
            if (!request.socket.destroyed) answer();
          });
          return;
        }
        if (!scripted.delayMs) {
          answer();
          return;
        }
        const timer = setTimeout(() => {
          receiver.timers.delete(timer);
          if (!request.socket.destroyed) answer();
        }, scripted.delayMs);
        receiver.timers.add(timer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Answers the next requests with these replies, in order; then the default 200. */
  script(...replies: ScriptedReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Answers the next `times` requests with `failure`, then `success`. */
  failTimes(times: number, failure: ScriptedReply, success: ScriptedReply = DEFAULT_REPLY): this {
    return this.script(...Array.from({ length: times }, () => failure), success);
  }

  /** Answers every request not otherwise scripted with this reply. */
  answerAlways(reply: ScriptedReply): this {
    this.fallback = reply;
    return this;
  }

  /** Answers every request held so far (scripted with `held`). */
  releaseHeld(): void {
    const held = this.held;
    this.held = [];
    for (const answer of held) answer();
  }

  /** Forgets recorded requests, scripted and held replies. */
  clear(): void {
    this.requests.length = 0;
    this.queue = [];
    this.held = [];
    this.fallback = DEFAULT_REPLY;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function encode(body: ScriptedReply['body']): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(JSON.stringify(body), 'utf8');
}
