import type { Server } from 'node:http';

/**
 * Node answers `Expect: 100-continue` with 100 Continue the moment the headers arrive, before
 * anything is checked, unless the server listens for 'checkContinue'. Listening hands the request
 * to Fastify like any other; registerBodyChoice() sends the 100 once the request is authenticated
 * and routed, so a refused one (401, 404) is answered without the client sending its body (Node
 * then closes the connection, as a body may still follow).
 */
export function continueExpectation(server: Server): void {
  server.on('checkContinue', (request, response) => server.emit('request', request, response));
}
