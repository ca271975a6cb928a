import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

const HEAD_END = '\r\n\r\n';

/** One request as this fake reads it: the head, and a body framed by Content-Length only. */
interface ParsedHead {
  readonly path: string;
  readonly contentLength: number;
  readonly headBytes: number;
}

/**
 * A sibling written on raw TCP, so that it can send what Node's HTTP server cannot: 1xx replies
 * nobody asked for, of any code, as soon as a request's head has arrived and before its body is
 * read. The query parameter `interim` lists them (`?interim=100,100,150`); each is written as
 * `HTTP/1.1 <code> Interim` and a blank line. Then the final reply: 200, the request body echoed
 * back byte for byte (or `{"empty":true}` without one), and `X-Interim-Sent` naming the codes. The
 * connection stays open for the next request, as a keep-alive sibling's would.
 */
export class InterimRepliesSibling {
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  url = '';

  static async start(): Promise<InterimRepliesSibling> {
    const sibling = new InterimRepliesSibling();
    sibling.server = createServer((socket) => sibling.serve(socket));
    sibling.server.listen(0, '127.0.0.1');
    await once(sibling.server, 'listening');
    sibling.url = `http://127.0.0.1:${(sibling.server.address() as AddressInfo).port}`;
    return sibling;
  }

  async close(): Promise<void> {
    this.sockets.forEach((socket) => socket.destroy());
    this.server.close();
    await once(this.server, 'close');
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffered = Buffer.alloc(0);
    let head: ParsedHead | undefined;
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!head) {
          const end = buffered.indexOf(HEAD_END);
          if (end === -1) return;
          head = parseHead(buffered.subarray(0, end).toString('latin1'), end + HEAD_END.length);
          socket.write(interimReplies(head.path));
        }
        const total = head.headBytes + head.contentLength;
        if (buffered.length < total) return;
        socket.write(finalReply(head.path, buffered.subarray(head.headBytes, total)));
        buffered = buffered.subarray(total);
        head = undefined;
      }
    });
  }
}

function parseHead(text: string, headBytes: number): ParsedHead {
  const [requestLine, ...lines] = text.split('\r\n');
  const length = lines.find((line) => /^content-length:/i.test(line));
  return {
    path: requestLine.split(' ')[1],
    contentLength: length ? Number(length.slice(length.indexOf(':') + 1).trim()) : 0,
    headBytes,
  };
}

function interimCodes(path: string): string[] {
  const listed = new URL(path, 'http://sibling').searchParams.get('interim');
  return listed ? listed.split(',') : [];
}

function interimReplies(path: string): string {
  return interimCodes(path)
    .map((code) => `HTTP/1.1 ${code} Interim\r\n\r\n`)
    .join('');
}

function finalReply(path: string, body: Buffer): Buffer {
  const content = body.length > 0 ? body : Buffer.from('{"empty":true}');
  const head = [
    'HTTP/1.1 200 OK',
    `Content-Type: ${body.length > 0 ? 'application/octet-stream' : 'application/json'}`,
    `Content-Length: ${content.length}`,
    `X-Interim-Sent: ${interimCodes(path).join(',') || 'none'}`,
    'Connection: keep-alive',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}${HEAD_END}`, 'latin1'), content]);
}
