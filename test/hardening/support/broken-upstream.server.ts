import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP server on 127.0.0.1 that answers 200 with a JSON content type and a declared length,
 * sends the first bytes of the body, then resets the connection: a backend dying mid-reply.
 */
export class ResetMidBodyServer {
  hits = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<ResetMidBodyServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new ResetMidBodyServer(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    );
    server.on('request', (request, response) => {
      fake.hits++;
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      response.write('{"query":"x","results":[{"url":"http://', () =>
        request.socket.resetAndDestroy(),
      );
    });
    return fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
