import { type Agent, type Dispatcher, fetch as undiciFetch, request } from 'undici';
import type { Readable } from 'node:stream';

type FetchInit = Parameters<typeof undiciFetch>[1];

/**
 * The part of a fetch Response that the Stainless-generated SDKs (openai, @anthropic-ai/sdk) read:
 * status, headers, text/json, and a body they iterate with `for await` (their shims take any async
 * iterable before trying getReader()). The body stays a Node stream from undici's request(): no
 * WHATWG stream per response, no transferable wrapping, no per-chunk promise reads.
 */
class LeanResponse {
  readonly statusText = '';

  constructor(
    readonly url: string,
    readonly status: number,
    readonly headers: Headers,
    readonly body: Readable & { text(): Promise<string>; json(): Promise<unknown> },
  ) {}

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get bodyUsed(): boolean {
    return this.body.readableDidRead;
  }

  text(): Promise<string> {
    return this.body.text();
  }

  json(): Promise<unknown> {
    return this.body.json();
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.body) chunks.push(chunk as Buffer);
    const whole = Buffer.concat(chunks);
    return whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength) as ArrayBuffer;
  }
}

function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const name in raw) {
    const value = raw[name];
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * A fetch for an SDK client built on undici's request() over the provider's own agent. Measured
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
    const url = String(input);
    const response = await request(url, {
      dispatcher,
      method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
      headers,
      body: body ?? undefined,
      signal: init?.signal ?? undefined,
    });
    if (response.statusCode >= 300 && response.statusCode < 400 && response.headers.location) {
      // fetch follows redirects; request() does not. Rare for an API: let fetch do it.
      await response.body.dump();
      return viaFetch(input, init);
    }
    return new LeanResponse(url, response.statusCode, headersOf(response.headers), response.body);
  }) as unknown as typeof globalThis.fetch;
}
