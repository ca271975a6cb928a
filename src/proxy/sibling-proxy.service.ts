import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Agent } from 'undici';
import { siblingsConfig, type SiblingName } from '../common/config/siblings.config';
import { ErrorResponder } from '../common/filters/error-responder';
import { hasBody } from '../common/http/has-body';
import { proxyConfig } from './proxy.config';
import {
  SiblingTimeoutError,
  SiblingUnreachableError,
  UnforwardablePathError,
} from './proxy.errors';
import { forwardedHeaders } from './proxy-headers';
import { SiblingExchange, type ExchangeOutcome } from './sibling-exchange';

const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;
const ENCODED_SLASH = /%2F/gi;
const HEADERS_TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT']);
// Characters a URL path keeps as they are (RFC 3986 pchar, "/" and "%"): such a path is sent as
// it is; any other goes through URL parsing, which percent-encodes it the way the sibling expects.
const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;

/** Where a sibling is: origin and base path for undici, and its Host header. */
interface SiblingBase {
  readonly origin: string;
  readonly path: string;
  readonly host: string;
}

/**
 * Forwards a request to a sibling service on an undici agent, streaming both bodies, and aborts
 * the upstream request as soon as the client goes away. undici's dispatch API is used directly
 * (see SiblingExchange): the sibling's reply is written to the client as it arrives.
 */
@Injectable()
export class SiblingProxyService implements OnApplicationShutdown {
  private readonly logger = new Logger('Proxy');
  private readonly agent: Agent;
  private readonly bases: ReadonlyMap<SiblingName, SiblingBase>;

  constructor(
    @Inject(siblingsConfig.KEY) siblings: ConfigType<typeof siblingsConfig>,
    @Inject(proxyConfig.KEY) private readonly config: ConfigType<typeof proxyConfig>,
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

  async onApplicationShutdown(): Promise<void> {
    // The HTTP server has closed by now, so nothing still needs these connections.
    await this.agent.destroy();
  }

  /** A Fastify handler forwarding to one sibling. */
  forwarder(sibling: SiblingName): (request: FastifyRequest, reply: FastifyReply) => void {
    return (request, reply) => this.forward(sibling, request, reply);
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
    const base = this.bases.get(sibling)!;
    const upstreamPath = `${base.path}${forwardedPath}`;

    this.agent.dispatch(
      {
        origin: base.origin,
        path: `${PLAIN_PATH.test(upstreamPath) ? upstreamPath : new URL(`${base.origin}${upstreamPath}`).pathname}${queryAt === -1 ? '' : rawUrl.slice(queryAt)}`,
        method: request.method as never,
        headers: forwardedHeaders(request, base.host),
        // The untouched request stream (streamBody, common/http/body-choice.ts); none without a body.
        body: hasBody(request.raw.headers) ? (request.body as Readable) : null,
      },
      new SiblingExchange(reply, this.outcomeOf(sibling, request, reply)),
    );
  }

  private outcomeOf(
    sibling: SiblingName,
    request: FastifyRequest,
    reply: FastifyReply,
  ): ExchangeOutcome {
    return {
      failed: (error) => this.errors.send(this.toDomainError(sibling, error), request, reply),
      broken: (error, clientGone) => {
        if (clientGone) {
          this.logger.debug({ requestId: request.id, sibling }, 'client gone: upstream aborted');
        } else {
          this.logger.warn(
            `${sibling} reply cut after its headers: ${errorCode(error) ?? error.message}`,
          );
        }
      },
    };
  }

  private toDomainError(sibling: SiblingName, error: Error): Error {
    const code = errorCode(error);
    this.logger.warn(`${sibling} request failed: ${code ?? error.message}`);
    if (code && HEADERS_TIMEOUT_CODES.has(code)) {
      return new SiblingTimeoutError(sibling, this.config.timeoutMs);
    }
    return new SiblingUnreachableError(sibling);
  }
}

function errorCode(error: Error): string | undefined {
  return (error as { code?: string }).code;
}

/** Origin, base path without the trailing slash, and host; never the user information. */
function baseOf(url: string): SiblingBase {
  const parsed = new URL(url);
  return { origin: parsed.origin, path: parsed.pathname.replace(/\/+$/, ''), host: parsed.host };
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
