import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer } from './fake-provider.server';
import { type RecordedRequest, sleep, splitTokens } from './fake-openai.server';

/**
 * A fake Anthropic API on 127.0.0.1: GET /v1/models, POST /v1/messages (JSON, or the streamed
 * events message_start ... content_block_delta ... message_stop when stream is true).
 *
 *   const fake = await FakeAnthropicServer.start({ apiKey: 'sk-ant', reply: 'Hi' });
 *   new Anthropic({ baseURL: fake.url, apiKey: 'sk-ant' });
 */
export interface FakeAnthropicOptions {
  reply?: string;
  tokenDelayMs?: number;
  models?: Array<{ id: string; display_name: string }>;
  /** When set, requests without this key (x-api-key or bearer) get 401. */
  apiKey?: string;
}

export class FakeAnthropicServer extends FakeProviderServer<FakeAnthropicOptions> {
  static start(options: FakeAnthropicOptions = {}): Promise<FakeAnthropicServer> {
    return new FakeAnthropicServer({ ...options }).listen();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = await this.log.record(req, res);
    // The official SDK (1.x) sends the key as a bearer token; older clients use x-api-key.
    const key = req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
    if (this.options.apiKey && key !== this.options.apiKey) {
      return sendError(res, 401, 'authentication_error', 'invalid x-api-key');
    }
    const status = this.failures.shift();
    if (status)
      return sendError(
        res,
        status,
        status === 429 ? 'rate_limit_error' : 'api_error',
        `fake ${status}`,
      );
    if (req.method === 'GET' && request.path === '/v1/models') {
      const models = this.options.models ?? [
        { id: 'claude-test-1', display_name: 'Claude Test 1' },
      ];
      const data = models.map((m) => ({ ...m, type: 'model', created_at: '2025-01-01T00:00:00Z' }));
      return send(res, 200, {
        data,
        has_more: false,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
      });
    }
    if (req.method === 'POST' && request.path === '/v1/messages')
      return this.messages(request, res);
    sendError(res, 404, 'not_found_error', `unknown path ${request.path}`);
  }

  private async messages(request: RecordedRequest, res: ServerResponse): Promise<void> {
    // Cut at max_tokens as Anthropic cuts, which then says so in stop_reason.
    const written = splitTokens(this.options.reply ?? 'Hello from Claude.');
    const max = request.body.max_tokens as number;
    const tokens = written.slice(0, max);
    const stopReason = tokens.length < written.length ? 'max_tokens' : 'end_turn';
    const text = tokens.join('');
    const message = {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: request.body.model,
      stop_sequence: null,
    };
    if (!request.body.stream) {
      return send(res, 200, {
        ...message,
        content: [{ type: 'text', text }],
        stop_reason: stopReason,
        usage: { input_tokens: 7, output_tokens: tokens.length },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (type: string, data: object) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event('message_start', {
      message: {
        ...message,
        content: [],
        stop_reason: null,
        usage: { input_tokens: 7, output_tokens: 1 },
      },
    });
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    event('ping', {});
    for (const token of tokens) {
      if (this.options.tokenDelayMs) await sleep(this.options.tokenDelayMs);
      if (res.destroyed) return;
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: token } });
    }
    event('content_block_stop', { index: 0 });
    event('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: tokens.length },
    });
    event('message_stop', {});
    res.end();
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  send(res, status, { type: 'error', error: { type, message } });
}
