import { type Agent, type Dispatcher, fetch as undiciFetch } from 'undici';
import { LeanResponseBody } from './lean-response-body';

type FetchInit = Parameters<typeof undiciFetch>[1];

/**
 * The part of a fetch Response that the Stainless-generated SDKs (openai, @anthropic-ai/sdk) read:
 * status, headers, text/json, and a body they iterate with `for await` (their shims take any async
 * iterable before trying getReader(), and end one with its iterator's return()). No WHATWG stream
 * per response, no transferable wrapping, no Node Readable: the body is a LeanResponseBody fed by
 * undici's dispatch handler.
 */
class LeanResponse {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly headers: Headers,
    readonly body: LeanResponseBody,
  ) {}

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get bodyUsed(): boolean {
    return this.body.used;
  }

  text(): Promise<string> {
    return this.body.text();
  }

  json(): Promise<unknown> {
    return this.body.json();
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const whole = await this.body.bytes();
    return whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength) as ArrayBuffer;
  }
}

/**
 * One request as undici's dispatch handler: resolves with the response once its status and headers
 * are in, then feeds its body; the caller's signal aborts it at any point, as request() would.
 */
class LeanExchange implements Dispatcher.DispatchHandler {
  private abortExchange?: (reason?: Error) => void;
  private abortReason?: Error;
  private body?: LeanResponseBody;
  private readonly onAbort = () => this.abort(abortReasonOf(this.signal));

  constructor(
    private readonly url: string,
    private readonly signal: AbortSignal | undefined,
    private readonly resolve: (response: LeanResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  onConnect(abort: (reason?: Error) => void): void {
    this.abortExchange = abort;
    if (this.abortReason) abort(this.abortReason);
  }

  onHeaders(statusCode: number, raw: Buffer[], resume: () => void, statusText: string): boolean {
    // 1xx are informational: the response proper follows.
    if (statusCode < 200) return true;
    const headers = new Headers();
    for (let i = 0; i < raw.length; i += 2) {
      headers.append(raw[i].toString('latin1'), raw[i + 1].toString('latin1'));
    }
    this.body = new LeanResponseBody({ resume, abort: (reason) => this.abort(reason) });
    this.resolve(new LeanResponse(this.url, statusCode, statusText, headers, this.body));
    return true;
  }

  onData(chunk: Buffer): boolean {
    return this.body ? this.body.push(chunk) : true;
  }

  onComplete(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
    this.body?.end();
  }

  onError(error: Error): void {
    this.signal?.removeEventListener('abort', this.onAbort);
    if (this.body) this.body.fail(error);
    else this.reject(error);
  }

  private abort(reason: Error): void {
    if (this.abortReason) return;
    this.abortReason = reason;
    // Before undici has the request on a connection, it is aborted as soon as it gets one.
    this.abortExchange?.(reason);
  }
}

/** What an aborted signal's fetch rejects with: its reason, else an AbortError as fetch's. */
function abortReasonOf(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('This operation was aborted', 'AbortError');
}

/**
 * A fetch for an SDK client built on undici's dispatch API over the provider's own agent. Measured
 * under the search benchmark, fetch and the web streams behind it were a fifth of a search's CPU
 * with the OpenAI SDK. Requests it cannot carry as they are (a streamed or form body, a redirect
 * mode other than the default) go through undici's fetch on the same agent.
 */
export function leanFetch(dispatcher: Agent): typeof globalThis.fetch {
  const viaFetch = (input: string | URL, init?: FetchInit) =>
    undiciFetch(input, { ...init, dispatcher });
  return (async (input: string | URL, init?: FetchInit) => {
    const body = init?.body;
    const plainBody = body === undefined || body === null || typeof body === 'string';
    if (typeof input !== 'string' && !(input instanceof URL)) return viaFetch(input, init);
    if (!plainBody || (init?.redirect !== undefined && init.redirect !== 'follow')) {
      return viaFetch(input, init);
    }
    const headers: Record<string, string> = {};
    const given = init?.headers;
    // The SDKs pass a Headers already: read it rather than copy it into another.
    (given instanceof Headers
      ? given
      : new Headers(given as ConstructorParameters<typeof Headers>[0])
    ).forEach((value, name) => {
      headers[name] = value;
    });
    const url = new URL(input);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortReasonOf(signal);
    const response = await new Promise<LeanResponse>((resolve, reject) => {
      dispatcher.dispatch(
        {
          origin: url.origin,
          path: url.pathname + url.search,
          method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
          headers,
          body: body ?? undefined,
        },
        new LeanExchange(url.href, signal, resolve, reject),
      );
    });
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      // fetch follows redirects; this exchange does not. Rare for an API: let fetch do it.
      response.body.release();
      return viaFetch(input, init);
    }
    return response;
  }) as unknown as typeof globalThis.fetch;
}
