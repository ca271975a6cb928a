import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface ContinueUpload {
  /** Whether Quarry sent 100 Continue before its final answer. */
  readonly continued: boolean;
  /** Informational status codes the client saw, in order (100 included). */
  readonly informational: number[];
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A request sent the way curl sends a body over 1 MiB: `Expect: 100-continue`, and the body only
 * once 100 Continue has come (never, if a final answer comes first).
 */
export function uploadExpectingContinue(
  url: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<ContinueUpload> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const informational: number[] = [];
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(body.length),
        expect: '100-continue',
        ...headers,
      },
    });
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('information', (info) => informational.push(info.statusCode));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({
          continued,
          informational,
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        req.destroy();
      });
    });
    req.flushHeaders();
  });
}

export interface InformedReply {
  /** Each informational reply: its status and headers. */
  readonly informational: Array<{ status: number; headers: IncomingHttpHeaders }>;
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Of the body's bytes as they came, whatever they encode. */
  readonly bodySha256: string;
}

/** A GET that records the 1xx replies before the final one. */
export function getWithInformational(
  url: string,
  headers: Record<string, string> = {},
): Promise<InformedReply> {
  return sendWithInformational(url, { headers });
}

/** A request (a GET unless told, with a body if given) that records the 1xx replies before the final one. */
export function sendWithInformational(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer },
): Promise<InformedReply> {
  return new Promise((resolve, reject) => {
    const informational: InformedReply['informational'] = [];
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers });
    req.on('information', (info) =>
      informational.push({ status: info.statusCode, headers: info.headers }),
    );
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          informational,
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: body.toString('utf8'),
          bodySha256: sha256(body),
        });
      });
    });
    req.end(options.body);
  });
}

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Bytes written to the server as they are (no client would send them), and its answer read until
 * it closes the connection (a well-formed request must say `Connection: close`).
 */
export function sendRaw(url: string, bytes: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      resolve({ ...parseHead(text.slice(0, end)), body: text.slice(end + 4) });
    });
    socket.write(bytes);
  });
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface AnswersOnOneConnection {
  /** Informational statuses before the first final answer (100 included). */
  readonly informational: number[];
  /** The final answers read, in order. */
  readonly answers: RawAnswer[];
  /** Why the connection ended before the second answer, if it did (EPIPE, ECONNRESET, closed). */
  readonly ended?: string;
}

/**
 * A client that goes on writing its body after the server has answered, as fetch and most SDKs
 * do: writes `head` and `first`, reads the answer, writes each of `rest`, then `next` (a second
 * request) on the same connection, and reads its answer.
 */
export function writeOnAfterAnswer(
  url: string,
  request: { head: string; first: Buffer; rest: Buffer[]; next: string },
): Promise<AnswersOnOneConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const informational: number[] = [];
    const answers: RawAnswer[] = [];
    let received = Buffer.alloc(0);
    const finish = (ended?: string) => {
      socket.destroy();
      resolve({ informational, answers, ended });
    };
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    socket.on('close', () => finish('closed'));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (let answer = readAnswer(received); answer; answer = readAnswer(received)) {
        received = received.subarray(answer.length);
        if (answer.status < 200) {
          informational.push(answer.status);
          continue;
        }
        answers.push(answer);
        if (answers.length === 2) return finish();
        for (const part of request.rest) socket.write(part);
        socket.write(request.next);
      }
    });
    socket.write(request.head);
    socket.write(request.first);
  });
}

/** One answer at the start of `bytes` framed by Content-Length (none for 1xx), or undefined. */
function readAnswer(bytes: Buffer): (RawAnswer & { length: number }) | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const { status, headers } = parseHead(bytes.subarray(0, end).toString('latin1'));
  const bodyLength = status < 200 ? 0 : Number(headers['content-length'] ?? 0);
  if (bytes.length < end + 4 + bodyLength) return undefined;
  const body = bytes.subarray(end + 4, end + 4 + bodyLength).toString('utf8');
  return { status, headers, body, length: end + 4 + bodyLength };
}

/** The status and headers (names in lower case) of an answer's head. */
function parseHead(head: string): { status: number; headers: Record<string, string> } {
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine?.split(' ')[1] ?? 0), headers };
}
