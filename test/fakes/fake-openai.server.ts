import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible server on 127.0.0.1 speaking the real wire protocol:
 *   GET /v1/models, POST /v1/chat/completions (plain and SSE stream), POST /v1/embeddings.
 *
 *   const fake = await FakeOpenAiServer.start({ reply: 'Hello there', tokenDelayMs: 10 });
 *   new OpenAI({ baseURL: fake.baseURL, apiKey: 'k' });   // fake.url is the origin, baseURL ends in /v1
 *   fake.requests          // every request: method, path, headers, parsed body, clientDisconnected
 *   fake.setReply((req) => `echo ${req.body.messages.at(-1).content}`);
 *   fake.failNext({ status: 429, retryAfter: 2 });        // next request answers 429
 *   fake.failNext({ midStream: 'error', afterTokens: 2 }); // 2 tokens, then an SSE error event
 *   await fake.waitForDisconnect();                        // a client closed a stream early
 *   await fake.close();
 */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The JSON body, or undefined when there was none. */
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** True once the client closed the connection before the answer was complete. */
  clientDisconnected: boolean;
}

export type Fault =
  /** Answer with this status and an OpenAI-shaped error body. */
  | { status: number; message?: string; code?: string; retryAfter?: number; path?: string }
  /** Stream `afterTokens` tokens, then send an error event ('error'), cut the socket ('drop'),
   * or go silent with the connection open ('stall'). On a non-stream call, 'stall' never answers. */
  | { midStream: 'error' | 'drop' | 'stall'; afterTokens?: number; path?: string };

export interface FakeOpenAiOptions {
  /** Assistant reply, or a function of the request; default echoes the last user message. */
  reply?: string | ((request: RecordedRequest) => string);
  /** Delay before each streamed token; default 0. */
  tokenDelayMs?: number;
  /** Model ids listed by GET /v1/models. */
  models?: string[];
  /** When set, requests whose model is not listed get 404 model_not_found. */
  strictModels?: boolean;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Vector for one text; default: bag-of-words hash vector, so similar texts are close. */
  embed?: (text: string) => number[];
  /**
   * How POST /v1/embeddings treats `encoding_format`: 'both' (default, as OpenAI and vLLM: 'base64'
   * gets little-endian float32 base64, anything else arrays), 'ignores-field' (arrays whatever was
   * asked, as LM Studio and older llama.cpp and Ollama /v1 do), 'float-only' (a base64 request
   * gets a 400 invalid_request_error, as a server with a strict schema answers).
   */
  embeddingEncodings?: 'both' | 'ignores-field' | 'float-only';
}

/**
 * Records requests and notices clients that leave early; shared by the fakes of every provider
 * protocol (fake-ollama, fake-anthropic, fake-gemini).
 */
export class RequestLog {
  readonly requests: RecordedRequest[] = [];
  private disconnectWaiters: Array<(request: RecordedRequest) => void> = [];

  /** Reads and records the request; marks it clientDisconnected if the client leaves before the end. */
  async record(req: IncomingMessage, res: ServerResponse): Promise<RecordedRequest> {
    const raw = await readBody(req);
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0],
      headers: req.headers,
      body: raw ? JSON.parse(raw) : undefined,
      clientDisconnected: false,
    };
    this.requests.push(request);
    let finished = false;
    res.on('finish', () => (finished = true));
    res.on('close', () => {
      if (finished) return;
      request.clientDisconnected = true;
      const waiters = this.disconnectWaiters;
      this.disconnectWaiters = [];
      for (const waiter of waiters) waiter(request);
    });
    return request;
  }

  waitForDisconnect(timeoutMs: number): Promise<RecordedRequest> {
    const done = this.requests.find((request) => request.clientDisconnected);
    if (done) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no client disconnect within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.disconnectWaiters.push((request) => {
        clearTimeout(timer);
        resolve(request);
      });
    });
  }
}

export class FakeOpenAiServer {
  private readonly log = new RequestLog();
  readonly requests: RecordedRequest[] = this.log.requests;
  private readonly faults: Fault[] = [];
  private hold?: { readonly afterTokens: number; readonly released: Promise<void> };

  private readonly server: Server = createServer((req, res) => void this.handle(req, res));
  private origin = '';

  private constructor(private readonly options: FakeOpenAiOptions) {}

  /** The origin, http://127.0.0.1:<port>. */
  get url(): string {
    return this.origin;
  }

  /** `${url}/v1`, what an OpenAI client takes as baseURL. */
  get baseURL(): string {
    return `${this.url}/v1`;
  }

  static async start(options: FakeOpenAiOptions = {}): Promise<FakeOpenAiServer> {
    const fake = new FakeOpenAiServer({ ...options });
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.origin = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  setReply(reply: FakeOpenAiOptions['reply']): void {
    this.options.reply = reply;
  }

  setTokenDelay(ms: number): void {
    this.options.tokenDelayMs = ms;
  }

  /**
   * The next streamed reply sends `afterTokens` tokens, then waits until the returned function is
   * called: a test can make the rest of an answer depend on what its client has received.
   */
  holdAfter(afterTokens: number): () => void {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.hold = { afterTokens, released };
    return release;
  }

  setModels(models: string[]): void {
    this.options.models = models;
  }

  setEmbed(embed: FakeOpenAiOptions['embed']): void {
    this.options.embed = embed;
  }

  /** The next `times` matching requests (any path unless fault.path is set) fail this way. */
  failNext(fault: Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push(fault);
  }

  /** Resolves with the first request whose client disconnected early (already, or later). */
  waitForDisconnect(timeoutMs = 5000): Promise<RecordedRequest> {
    return this.log.waitForDisconnect(timeoutMs);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = await this.log.record(req, res);
    const path = request.path;
    if (this.options.apiKey && req.headers.authorization !== `Bearer ${this.options.apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
    }
    const fault = this.takeFault(path);
    if (fault && 'status' in fault) {
      if (fault.retryAfter !== undefined) res.setHeader('retry-after', String(fault.retryAfter));
      return sendError(
        res,
        fault.status,
        fault.message ?? `fake error ${fault.status}`,
        fault.code,
      );
    }
    const model = request.body?.model as string | undefined;
    if (this.options.strictModels && model && !(this.options.models ?? []).includes(model)) {
      return sendError(res, 404, `The model \`${model}\` does not exist.`, 'model_not_found');
    }

    if (req.method === 'GET' && path === '/v1/models') return this.models(res);
    if (req.method === 'POST' && path === '/v1/embeddings') return this.embeddings(request, res);
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      if (fault?.midStream === 'stall' && !request.body.stream) return; // never answers
      return request.body.stream
        ? this.streamChat(request, res, fault)
        : this.completeChat(request, res);
    }
    sendError(res, 404, `Unknown path ${req.method} ${path}`);
  }

  private takeFault(path: string): Fault | undefined {
    const index = this.faults.findIndex((fault) => !fault.path || fault.path === path);
    return index === -1 ? undefined : this.faults.splice(index, 1)[0];
  }

  private models(res: ServerResponse): void {
    const ids = this.options.models ?? ['gpt-4o-mini', 'text-embedding-3-small'];
    sendJson(res, 200, {
      object: 'list',
      data: ids.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'fake' })),
    });
  }

  private embeddings(request: RecordedRequest, res: ServerResponse): void {
    const input = request.body.input as string | string[];
    const texts = Array.isArray(input) ? input : [input];
    const embed = this.options.embed ?? bagOfWordsVector;
    const encodings = this.options.embeddingEncodings ?? 'both';
    const asked = request.body.encoding_format as string | undefined;
    if (encodings === 'float-only' && asked !== undefined && asked !== 'float') {
      return sendError(res, 400, `encoding_format '${asked}' is not supported, use 'float'`);
    }
    const base64 = asked === 'base64' && encodings === 'both';
    sendJson(res, 200, {
      object: 'list',
      model: request.body.model,
      data: texts.map((text, index) => {
        const vector = embed(text);
        return {
          object: 'embedding',
          index,
          // The official SDK asks for base64 (little-endian float32) unless told otherwise.
          embedding: base64
            ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
            : vector,
        };
      }),
      usage: { prompt_tokens: countWords(texts), total_tokens: countWords(texts) },
    });
  }

  private replyFor(request: RecordedRequest): string {
    const reply = this.options.reply;
    if (typeof reply === 'function') return reply(request);
    if (typeof reply === 'string') return reply;
    const messages = (request.body.messages ?? []) as Array<{ role: string; content: unknown }>;
    const lastUser = messages.filter((message) => message.role === 'user').at(-1);
    return `You said: ${typeof lastUser?.content === 'string' ? lastUser.content : ''}`;
  }

  /** The reply's tokens, cut at max_tokens as OpenAI cuts them, and why they end. */
  private tokensFor(request: RecordedRequest): { tokens: string[]; finish: 'stop' | 'length' } {
    const tokens = splitTokens(this.replyFor(request));
    const max = (request.body.max_completion_tokens ?? request.body.max_tokens) as
      number | undefined;
    return max !== undefined && tokens.length > max
      ? { tokens: tokens.slice(0, max), finish: 'length' }
      : { tokens, finish: 'stop' };
  }

  private completeChat(request: RecordedRequest, res: ServerResponse): void {
    const { tokens, finish } = this.tokensFor(request);
    const text = tokens.join('');
    sendJson(res, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          logprobs: null,
          finish_reason: finish,
        },
      ],
      usage: usageOf(request, tokens.length),
    });
  }

  private async streamChat(
    request: RecordedRequest,
    res: ServerResponse,
    fault: Fault | undefined,
  ): Promise<void> {
    const { tokens, finish } = this.tokensFor(request);
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const base = {
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: request.body.model,
    };
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const choice = (delta: object, finish: string | null) => ({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
    send(choice({ role: 'assistant', content: '' }, null));
    const failAt = fault && 'midStream' in fault ? (fault.afterTokens ?? 0) : Infinity;
    const hold = this.hold;
    this.hold = undefined;
    for (let i = 0; i < tokens.length; i++) {
      if (i === failAt) break;
      if (i === hold?.afterTokens) await hold.released;
      if (this.options.tokenDelayMs) await sleep(this.options.tokenDelayMs);
      if (res.destroyed) return;
      send(choice({ content: tokens[i] }, null));
    }
    if (fault && 'midStream' in fault) {
      if (fault.midStream === 'stall') return; // keeps the connection open, sends nothing more
      if (fault.midStream === 'drop') return void res.socket?.destroy();
      send({ error: { message: 'fake error mid-stream', type: 'server_error', code: null } });
      return void res.end();
    }
    send(choice({}, finish));
    if (request.body.stream_options?.include_usage) {
      send({ ...base, choices: [], usage: usageOf(request, tokens.length) });
    }
    res.end('data: [DONE]\n\n');
  }
}

/** Deterministic bag-of-words vector (64 dims, L2-normalised): texts sharing words are close. */
export function bagOfWordsVector(text: string, dimensions = 64): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    vector[(hash >>> 0) % dimensions] += 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

/** Splits text into word-sized tokens whose concatenation is the text. */
export function splitTokens(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

function countWords(texts: string[]): number {
  return texts.reduce((sum, text) => sum + (text.match(/\S+/g)?.length ?? 0), 0);
}

function usageOf(request: RecordedRequest, completionTokens: number) {
  const messages = (request.body.messages ?? []) as Array<{ content: unknown }>;
  const promptTokens = countWords(messages.map((message) => String(message.content ?? '')));
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, message: string, code?: string): void {
  const type =
    status === 401
      ? 'authentication_error'
      : status === 429
        ? 'rate_limit_error'
        : 'invalid_request_error';
  sendJson(res, status, { error: { message, type, param: null, code: code ?? null } });
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
