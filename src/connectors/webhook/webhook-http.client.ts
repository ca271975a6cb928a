import * as http from 'node:http';
import * as https from 'node:https';
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { addressFilteringAgents } from '../../common/http/address-filtering-agents';
import { withoutTracePropagation } from '../../common/tracing/tracing-state';
import { webhookConfig } from './webhook.config';
import { DestinationRefusedError } from './webhook.errors';

/** The resolver outbound connections use; a port so tests can make a name resolve where they need. */
export const WEBHOOK_DNS_LOOKUP = Symbol('webhook:dns-lookup');
export const systemDnsLookup: LookupFunction = dnsLookup as LookupFunction;

export interface OutboundRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: http.OutgoingHttpHeaders;
  readonly body?: Buffer;
}

export interface ReplyHead {
  readonly status: number;
  /** Lowercase names; several values of one header joined with ", ". */
  readonly headers: Record<string, string>;
}

export interface RemoteReply extends ReplyHead {
  readonly body: Buffer;
}

/**
 * One attempt: a reply read whole; a failure (with the part of a reply that came, if any); or a
 * reply refused because its body is over WEBHOOK_MAX_RESPONSE_BYTES: only its head is kept, and
 * asking again would only download it again.
 */
export type AttemptOutcome =
  | { readonly ok: true; readonly reply: RemoteReply }
  | { readonly ok: false; readonly error: string; readonly reply?: RemoteReply }
  | { readonly ok: false; readonly oversized: ReplyHead; readonly error: string };

const OVERSIZED = Symbol('oversized');

// request-filtering-agent's refusal is a plain Error; its text is the only mark it carries
// ("DNS lookup 127.0.0.1(family:4, host:localhost) is not allowed. Because, ...").
const REFUSAL = /^DNS lookup (\S+?)\(.* is not allowed/;

/**
 * Sends one HTTP request with Node's client through address-filtering agents, which check the
 * address each socket actually connects to (after DNS), so a name re-resolving to a private address
 * is refused too. Node's client never follows redirects, and sends exactly the headers and bytes given.
 */
@Injectable()
export class WebhookHttpClient implements OnModuleDestroy {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(
    @Inject(webhookConfig.KEY) private readonly config: ConfigType<typeof webhookConfig>,
    @Inject(WEBHOOK_DNS_LOOKUP) private readonly lookup: LookupFunction,
  ) {
    ({ httpAgent: this.httpAgent, httpsAgent: this.httpsAgent } = addressFilteringAgents(
      config.allowPrivateNetworks,
    ));
  }

  onModuleDestroy(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /** Resolves with the outcome of one attempt; rejects only with DestinationRefusedError. */
  async send(request: OutboundRequest): Promise<AttemptOutcome> {
    // One deadline for connecting, the reply head and the whole reply body.
    const signal = AbortSignal.timeout(this.config.timeoutMs);
    let response: http.IncomingMessage;
    try {
      response = await this.open(request, signal);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const refusal = REFUSAL.exec(message);
      if (refusal) throw new DestinationRefusedError(request.url.hostname, refusal[1]);
      return { ok: false, error: this.failureText(error, signal) };
    }
    const head: ReplyHead = { status: response.statusCode ?? 0, headers: joinHeaders(response) };
    const read = await this.readBody(response, signal);
    if (read === OVERSIZED) return { ok: false, oversized: head, error: this.oversizedText() };
    const reply: RemoteReply = { ...head, body: read.body };
    return read.error === undefined ? { ok: true, reply } : { ok: false, error: read.error, reply };
  }

  private open(request: OutboundRequest, signal: AbortSignal): Promise<http.IncomingMessage> {
    const secure = request.url.protocol === 'https:';
    const transport = secure ? https : http;
    return new Promise((resolve, reject) => {
      const send = () =>
        transport.request(
          request.url,
          {
            method: request.method,
            headers: request.headers,
            agent: secure ? this.httpsAgent : this.httpAgent,
            lookup: this.lookup,
            signal,
          },
          resolve,
        );
      // A target is a third party: it sees the trace context only when the operator allows it.
      const outgoing = this.config.propagateTrace ? send() : withoutTracePropagation(send);
      // Stays attached after the reply head came, so a late socket error never goes unhandled.
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }

  /**
   * Holds at most WEBHOOK_MAX_RESPONSE_BYTES of a reply: one announced as larger is refused before
   * any of its body is read, one that grows past the limit as soon as it does, its chunks let go.
   */
  private async readBody(
    response: http.IncomingMessage,
    signal: AbortSignal,
  ): Promise<{ body: Buffer; error?: string } | typeof OVERSIZED> {
    const limit = this.config.maxResponseBytes;
    if (Number(response.headers['content-length']) > limit) {
      response.destroy();
      return OVERSIZED;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Leaving the loop destroys the response: the rest is never downloaded.
        if (size > limit) return OVERSIZED;
        chunks.push(chunk);
      }
    } catch (error) {
      return {
        body: Buffer.concat(chunks),
        error: `reading the reply failed: ${this.failureText(error, signal)}`,
      };
    }
    if (signal.aborted || !response.complete) {
      return {
        body: Buffer.concat(chunks),
        error: `reading the reply failed: ${signal.aborted ? this.timeoutText() : 'connection closed before the reply ended'}`,
      };
    }
    return { body: Buffer.concat(chunks) };
  }

  private failureText(error: unknown, signal: AbortSignal): string {
    if (signal.aborted) return this.timeoutText();
    return error instanceof Error ? error.message : String(error);
  }

  private oversizedText(): string {
    return `the reply body exceeds WEBHOOK_MAX_RESPONSE_BYTES (${this.config.maxResponseBytes} bytes); it was not read`;
  }

  private timeoutText(): string {
    return `timed out after ${this.config.timeoutMs} ms`;
  }
}

function joinHeaders(response: http.IncomingMessage): Record<string, string> {
  // No prototype: a receiver may name a header __proto__ or constructor.
  const joined = Object.create(null) as Record<string, string>;
  for (const [name, values] of Object.entries(response.headersDistinct)) {
    if (values) joined[name] = values.join(', ');
  }
  return joined;
}
