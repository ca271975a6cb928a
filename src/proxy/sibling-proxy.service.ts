import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { HttpAdapterHost } from '@nestjs/core';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Agent, type Dispatcher } from 'undici';
import { siblingsConfig, type SiblingName } from '../common/config/siblings.config';
import { REQUEST_ID_HEADER } from '../common/http/request-id';
import { ErrorResponder } from '../common/filters/error-responder';
import { isTracingOn } from '../common/tracing/tracing-state';
import { proxyConfig } from './proxy.config';
import {
  SiblingTimeoutError,
  SiblingUnreachableError,
  UnforwardablePathError,
} from './proxy.errors';
import { SIBLING_BY_ROUTE_PATH } from './sibling-routes';
import { registerStreamedRequestBody } from './streamed-request-body';

// RFC 9110 section 7.6.1: meaningful for one connection only, never forwarded.
const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
// The sibling's own request id would contradict the one Quarry already set on the reply.
const NOT_RETURNED_HEADERS: ReadonlySet<string> = new Set([
  ...HOP_BY_HOP_HEADERS,
  REQUEST_ID_HEADER,
]);

// With tracing on, the HTTP instrumentation sends Quarry's own span as parent; the caller's
// trace context, forwarded too, would make a second traceparent. Off, it passes through unchanged.
const HOP_BY_HOP_AND_TRACE_HEADERS: ReadonlySet<string> = new Set([
  ...HOP_BY_HOP_HEADERS,
  'traceparent',
  'tracestate',
]);

const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;
const ENCODED_SLASH = /%2F/gi;
const HEADERS_TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT']);

/**
 * Forwards a request to a sibling service with @fastify/reply-from on an undici agent, streaming both
 * bodies. Aborts the upstream request as soon as the client goes away.
 */
@Injectable()
export class SiblingProxyService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Proxy');
  private readonly agent: Agent;
  private readonly bases: ReadonlyMap<SiblingName, string>;
  // reply-from builds the undici call itself, synchronously inside reply.from() (retries are off),
  // so the client's abort signal is handed over in this field for exactly that call. An
  // AsyncLocalStorage did the same but turned on async context tracking for every promise.
  private pendingSignal: ClientGoneSignal | undefined;

  constructor(
    @Inject(siblingsConfig.KEY) siblings: ConfigType<typeof siblingsConfig>,
    @Inject(proxyConfig.KEY) private readonly config: ConfigType<typeof proxyConfig>,
    private readonly adapterHost: HttpAdapterHost,
    private readonly errors: ErrorResponder,
  ) {
    this.bases = new Map(
      Object.entries(siblings.urls).map(([name, url]) => [name as SiblingName, baseOf(url)]),
    );
    this.agent = new Agent({
      headersTimeout: config.timeoutMs,
      bodyTimeout: config.bodyIdleTimeoutMs,
      connect: { timeout: config.timeoutMs },
    });
  }

  async onModuleInit(): Promise<void> {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    registerStreamedRequestBody(fastify, (request) =>
      SIBLING_BY_ROUTE_PATH.has(request.routeOptions.url ?? ''),
    );
    const dispatcher: { request: Dispatcher['request'] } = {
      request: ((options: Dispatcher.RequestOptions, callback: never) =>
        this.agent.request(
          { ...options, signal: this.takePendingSignal() },
          callback,
        )) as Dispatcher['request'],
    };
    await fastify.register(replyFrom, {
      undici: dispatcher,
      disableRequestLogging: true,
      // The agent is ours: closed in onApplicationShutdown.
      destroyAgent: false,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    // The HTTP server has closed by now, so nothing still needs these connections.
    await this.agent.destroy();
  }

  /** Sends the request on to the sibling with the same path and query; the reply streams back. */
  forward(sibling: SiblingName, request: FastifyRequest, reply: FastifyReply): void {
    const rawUrl = request.raw.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    assertForwardable(path);
    // Generated clients percent-encode "/" inside the documented {path} parameter; the sibling
    // must see the path the caller meant. Safe: assertForwardable judged the decoded form.
    const forwardedPath = path.replace(ENCODED_SLASH, '/');

    const client = new ClientGoneSignal();
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      // reply-from logs a warning with the whole error for the call it was told to abort; a client
      // that leaves is not a fault (load tools ending a run produced one per open connection).
      request.log = request.log.child({}, { level: 'error' });
      client.abort();
    });

    this.pendingSignal = client;
    try {
      void reply.from(`${this.bases.get(sibling)}${forwardedPath}`, {
        // A sibling's 503 or a dropped connection goes back to the client as it is, never retried.
        retryDelay: () => null,
        rewriteRequestHeaders: (_request, headers) =>
          forwardedHeaders(request, headers as IncomingHttpHeaders),
        rewriteHeaders: (headers) => copyWithout(headers, NOT_RETURNED_HEADERS),
        onError: (_reply, { error }) => {
          if (client.aborted) {
            this.logger.debug({ requestId: request.id, sibling }, 'client gone: upstream aborted');
            return;
          }
          this.errors.send(this.toDomainError(sibling, error), request, reply);
        },
      });
    } finally {
      this.pendingSignal = undefined;
    }
  }

  private takePendingSignal(): ClientGoneSignal | undefined {
    const signal = this.pendingSignal;
    this.pendingSignal = undefined;
    return signal;
  }

  private toDomainError(sibling: SiblingName, error: Error): Error {
    const cause = (error as { cause?: { code?: string } }).cause;
    this.logger.warn(`${sibling} request failed: ${cause?.code ?? error.message}`);
    if (cause?.code && HEADERS_TIMEOUT_CODES.has(cause.code)) {
      return new SiblingTimeoutError(sibling, this.config.timeoutMs);
    }
    return new SiblingUnreachableError(sibling);
  }
}

/** Origin plus any base path, without the trailing slash and without user information. */
function baseOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

function assertForwardable(path: string): void {
  // An absolute URL as request target ("GET http://host/..."): never glue it onto a sibling's base.
  if (!path.startsWith('/')) {
    throw new UnforwardablePathError('Only paths starting with "/" are forwarded');
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new UnforwardablePathError('The path has malformed percent-encoding');
  }
  // URL parsing would silently drop them, and they could reach paths outside the prefix.
  if (DOT_SEGMENT.test(decoded)) {
    throw new UnforwardablePathError('Paths with "." or ".." segments are not forwarded');
  }
  // URL parsing reads a backslash as "/" in http(s) URLs, so "a\..\..\x" would leave the prefix.
  if (decoded.includes('\\')) {
    throw new UnforwardablePathError('Paths with backslashes are not forwarded');
  }
}

/**
 * undici accepts an EventEmitter as a request's abort signal. An AbortController per proxied
 * request (an EventTarget, plus undici's listener bookkeeping on it) cost several percent of a
 * proxied GET; this costs one small object.
 */
class ClientGoneSignal extends EventEmitter {
  aborted = false;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit('abort');
  }
}

function forwardedHeaders(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const out = copyWithout(
    headers,
    isTracingOn() ? HOP_BY_HOP_AND_TRACE_HEADERS : HOP_BY_HOP_HEADERS,
    connectionOptions(headers.connection),
  );
  const peer = request.raw.socket?.remoteAddress;
  const prior = headers['x-forwarded-for'];
  if (peer) out['x-forwarded-for'] = prior ? `${String(prior)}, ${peer}` : peer;
  out['x-forwarded-proto'] = request.protocol;
  out['x-forwarded-host'] = request.host;
  out[REQUEST_ID_HEADER] = String(request.id);
  return out;
}

/** RFC 9110 section 7.6.1: headers the Connection header names are hop-by-hop too. */
function connectionOptions(
  connection: string | string[] | undefined,
): ReadonlySet<string> | undefined {
  if (connection === undefined) return undefined;
  const names = (Array.isArray(connection) ? connection.join(',') : connection)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'close' && name !== 'keep-alive');
  return names.length > 0 ? new Set(names) : undefined;
}

/**
 * A copy without the named headers. Built key by key: copying and then deleting turned the
 * object into a slow dictionary, and showed in profiles of proxied requests.
 */
function copyWithout<T extends Record<string, unknown>>(
  headers: T,
  skip: ReadonlySet<string>,
  alsoSkip?: ReadonlySet<string>,
): T {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(headers)) {
    if (!skip.has(name) && !alsoSkip?.has(name)) out[name] = headers[name];
  }
  return out as T;
}
