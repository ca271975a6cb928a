import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { OutgoingHttpHeaders } from 'node:http';
import { QUARRY_METRICS, type QuarryMetrics } from '../../observability';
import { inSpan } from '../../common/tracing/tracing-state';
import type { Connector, ConnectorParams } from '../connector';
import { ConnectorExecutionError, UnknownActionError } from '../connector.errors';
import { parseWebhookParams, type WebhookParams } from './webhook-params';
import { SIGNATURE_HEADER, webhookSignature } from './webhook-signature';
import {
  WebhookHttpClient,
  type AttemptOutcome,
  type OutboundRequest,
  type RemoteReply,
  type ReplyHead,
} from './webhook-http.client';
import { failedResult, resultOf, type WebhookResult } from './webhook-result';
import { webhookConfig } from './webhook.config';
import { WebhookBodySerializationError } from './webhook.errors';

const METHODS = {
  post: 'POST',
  get: 'GET',
  put: 'PUT',
  delete: 'DELETE',
  patch: 'PATCH',
} as const;
type WebhookAction = keyof typeof METHODS;
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);

/** Sends HTTP webhooks: JSON bodies, optional HMAC signature, retries on 5xx and transport failures. */
@Injectable()
export class WebhookConnector implements Connector<WebhookResult> {
  readonly id = 'webhook';
  readonly displayName = 'Webhook';
  readonly description = 'Sends HTTP webhooks to external services';
  // delete and patch execute but are not declared, as the interface has it.
  readonly declaredActions = ['post', 'get', 'put'] as const;

  private readonly logger = new Logger(WebhookConnector.name);

  constructor(
    @Inject(webhookConfig.KEY) private readonly config: ConfigType<typeof webhookConfig>,
    private readonly client: WebhookHttpClient,
    @Optional() @Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null = null,
  ) {}

  validate(params: ConnectorParams): void {
    parseWebhookParams(params);
  }

  async execute(action: string, params: ConnectorParams): Promise<WebhookResult> {
    if (!Object.hasOwn(METHODS, action)) throw new UnknownActionError(action);
    const method = METHODS[action as WebhookAction];
    const request = this.buildRequest(method, parseWebhookParams(params));
    return this.deliver(request);
  }

  /** Rule 11: post with url and body. */
  postJSON(url: string, data: unknown): Promise<WebhookResult> {
    return this.execute('post', { url, body: data });
  }

  /** Rule 11: get with url and params. */
  getJSON(url: string, params: Record<string, unknown>): Promise<WebhookResult> {
    return this.execute('get', { url, params });
  }

  private buildRequest(method: string, params: WebhookParams): OutboundRequest {
    const url = new URL(params.url);
    let body: Buffer | undefined;
    if (method === 'GET') {
      for (const [name, value] of params.query) url.searchParams.set(name, value);
    } else if (params.body !== undefined) {
      body = serialize(params.body);
    }

    // Keyed by lowercase name so a custom header replaces a default whatever its casing.
    const headers = new Map<string, [string, string]>([
      ['content-type', ['Content-Type', 'application/json']],
      ['user-agent', ['User-Agent', this.config.userAgent]],
    ]);
    for (const [name, value] of params.headers) {
      const key = name.toLowerCase();
      // Framing is the connector's: a wrong length would corrupt the request.
      if (!FRAMING_HEADERS.has(key)) headers.set(key, [name, value]);
    }
    const secret = params.secret ?? this.config.defaultSecret;
    if (body !== undefined && secret) {
      // Computed once over the bytes every attempt sends.
      headers.set(SIGNATURE_HEADER.toLowerCase(), [
        SIGNATURE_HEADER,
        webhookSignature(secret, body),
      ]);
    }
    const outgoing: OutgoingHttpHeaders = {};
    for (const [name, value] of headers.values()) outgoing[name] = value;
    // Node sends a DELETE body without a length unless told, so receivers would not see it.
    if (body !== undefined) outgoing['Content-Length'] = body.length;
    return { method, url, headers: outgoing, body };
  }

  private async deliver(request: OutboundRequest): Promise<WebhookResult> {
    const attempts = this.config.maxRetries + 1;
    let last: AttemptOutcome | undefined;
    let made = 0;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      made = attempt;
      // Retry n (attempt n + 1) waits RetryDelay x n.
      if (attempt > 1) await sleep(this.config.retryDelayMs * (attempt - 1));
      last = await inSpan(
        `webhook ${request.method}`,
        { 'server.address': request.url.hostname, 'quarry.webhook.attempt': attempt },
        () => this.client.send(request),
      );
      const delivered = last.ok && last.reply.status < 500;
      this.metrics?.webhooks.attempt(
        request.method,
        attempt,
        delivered ? 'ok' : last.ok ? 'http_error' : 'transport_error',
      );
      if (last.ok && delivered) {
        this.metrics?.webhooks.delivery(request.method, 'delivered');
        return resultOf(last.reply);
      }
      this.logger.warn(
        {
          method: request.method,
          destination: `${request.url.origin}${request.url.pathname}`,
          attempt,
          attempts,
          reason: failureOf(last),
        },
        'webhook attempt failed',
      );
      // Asking again would download the same oversized reply again.
      if ('oversized' in last) break;
    }
    this.metrics?.webhooks.delivery(request.method, 'failed');
    const outcome = last as AttemptOutcome;
    const error = `webhook ${request.method} failed after ${made} attempt${made === 1 ? '' : 's'}: ${failureOf(outcome)}`;
    throw new ConnectorExecutionError(error, failedResult(replyOf(outcome), error));
  }
}

function failureOf(outcome: AttemptOutcome): string {
  return outcome.ok ? `remote replied with status ${outcome.reply.status}` : outcome.error;
}

/** What came of the last attempt: the reply, its head alone when its body was refused, or nothing. */
function replyOf(outcome: AttemptOutcome): RemoteReply | ReplyHead | undefined {
  return 'oversized' in outcome ? outcome.oversized : outcome.reply;
}

function serialize(body: unknown): Buffer {
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    throw new WebhookBodySerializationError(error instanceof Error ? error.message : String(error));
  }
  if (text === undefined)
    throw new WebhookBodySerializationError(`${typeof body} has no JSON form`);
  return Buffer.from(text, 'utf8');
}
