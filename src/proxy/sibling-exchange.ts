import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import { connectionOptions, NOT_RETURNED_HEADERS } from './proxy-headers';

// Fastify's own range for reply.code(); anything else from a sibling is a broken reply.
const HIGHEST_STATUS = 599;

/** What becomes of an exchange that fails: the service maps and answers it (or only logs it). */
export interface ExchangeOutcome {
  /** Before the reply started: answer in the error shape. */
  failed(error: Error): void;
  /** The reply had started and was cut, or the client had gone: nothing can be answered. */
  broken(error: Error, clientGone: boolean): void;
}

/**
 * One proxied request, as undici's dispatch handler: the sibling's status and headers become the
 * reply's (after the headers Quarry set, request id and security headers, which the sibling's own
 * override as before), and its body is written to the client socket as it arrives, pausing the
 * sibling while the client is slow. No Readable in between, no header object per step: this is
 * what makes the proxy cheaper than @fastify/reply-from, which does the same through undici's
 * request() and Fastify's stream sending.
 */
export class SiblingExchange implements Dispatcher.DispatchHandler {
  private abortUpstream?: (reason?: Error) => void;
  private clientGone = false;
  private readonly response: ServerResponse;

  constructor(
    private readonly reply: FastifyReply,
    private readonly outcome: ExchangeOutcome,
  ) {
    this.response = reply.raw;
    this.response.once('close', () => {
      if (this.response.writableFinished) return;
      this.clientGone = true;
      this.abortUpstream?.(new ClientGoneError());
    });
  }

  onConnect(abort: (reason?: Error) => void): void {
    this.abortUpstream = abort;
    if (this.clientGone) abort(new ClientGoneError());
  }

  onHeaders(
    statusCode: number,
    rawHeaders: Buffer[],
    resume: () => void,
    _statusText: string,
  ): boolean {
    if (statusCode > HIGHEST_STATUS) {
      this.abortUpstream?.(new Error(`sibling answered status ${statusCode}`));
      return false;
    }
    if (statusCode < 200) {
      this.relayInformational(statusCode, rawHeaders);
      return true;
    }
    // Quarry's headers first; a header the sibling sends replaces Quarry's of the same name.
    const headers = this.reply.getHeaders() as OutgoingHttpHeaders;
    returnedHeaders(rawHeaders).forEach((value, name) => {
      headers[name] = value;
    });
    // Fastify's behaviour (and reply-from's): a client still sending its body when the answer
    // comes cannot reuse the connection.
    if (!this.reply.request.raw.complete) headers.connection = 'close';
    this.response.writeHead(statusCode, headers);
    this.response.on('drain', resume);
    return true;
  }

  /**
   * RFC 9110 section 15.2: a proxy forwards the 1xx replies it did not ask for itself, and sends
   * none to an HTTP/1.0 client. Node writes 103 Early Hints (with at least one Link) and 102; a
   * 100 answers an expectation Quarry meets itself (undici never sends one; patched, it passes an
   * unsolicited 100 here), and Node has no writer for other 1xx codes: those are skipped. The final
   * reply follows through onHeaders again.
   */
  private relayInformational(statusCode: number, rawHeaders: Buffer[]): void {
    if (this.reply.request.raw.httpVersion !== '1.1' || this.response.headersSent) return;
    if (statusCode === 102) {
      this.response.writeProcessing();
      return;
    }
    if (statusCode !== 103) return;
    const hints: Record<string, string | string[]> = {};
    returnedHeaders(rawHeaders).forEach((value, name) => {
      hints[name] = value;
    });
    try {
      this.response.writeEarlyHints(hints);
    } catch {
      // A Link value Node cannot validate: the hints are only an optimisation, the reply goes on.
    }
  }

  onData(chunk: Buffer): boolean {
    return this.response.write(chunk);
  }

  onComplete(): void {
    this.response.end();
  }

  onError(error: Error): void {
    if (this.clientGone || this.response.headersSent) {
      this.outcome.broken(error, this.clientGone);
      if (!this.response.destroyed) this.response.destroy();
      return;
    }
    this.outcome.failed(error);
  }
}

/**
 * The headers of a sibling's reply that reach the client, by lower-case name: not the hop-by-hop
 * ones, nor those its Connection header names (RFC 9110 section 7.6.1), nor its request id. A
 * repeated one (Set-Cookie, Vary...) stays one line per value, as the sibling sent it. A Map, not
 * a null-prototype object: V8 keeps that as a hash table, and copying it sorted its keys on every
 * proxied reply (0.8% of a proxied GET's CPU in a perf profile).
 */
function returnedHeaders(rawHeaders: Buffer[]): Map<string, string | string[]> {
  const returned = new Map<string, string | string[]>();
  let connection: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toString('latin1').toLowerCase();
    if (NOT_RETURNED_HEADERS.has(name)) {
      if (name === 'connection') connection = rawHeaders[i + 1].toString('latin1');
      continue;
    }
    const value = rawHeaders[i + 1].toString('latin1');
    const prior = returned.get(name);
    if (prior === undefined) returned.set(name, value);
    else if (Array.isArray(prior)) prior.push(value);
    else returned.set(name, [prior, value]);
  }
  // Usually "keep-alive" or "close", which name no header: then nothing is split or removed.
  connectionOptions(connection)?.forEach((name) => returned.delete(name));
  return returned;
}

/** The reason handed to undici when the client leaves: not a fault of the sibling. */
export class ClientGoneError extends Error {
  constructor() {
    super('client gone');
  }
}
