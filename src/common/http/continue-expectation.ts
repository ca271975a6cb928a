import type { Server } from 'node:http';

/** The one expectation HTTP defines (RFC 9110 section 10.1.1), as Node matches it. */
export const CONTINUE_EXPECTATION = /(?:^|\W)100-continue(?:$|\W)/i;

/**
 * Node answers `Expect: 100-continue` with 100 Continue the moment the headers arrive, before
 * anything is checked, unless the server listens for 'checkContinue'. Listening hands the request
 * to Fastify like any other; registerBodyChoice() sends the 100 once the request is authenticated
 * and routed, so a refused one (401, 404) is answered without the client sending its body (Node
 * then closes the connection, as a body may still follow). Any other expectation Node would answer
 * with a bare 417; it is ignored instead (RFC 9110 lets a server do either), so Quarry answers 417
 * only when a sibling does.
 */
export function continueExpectation(server: Server): void {
  server.on('checkContinue', (request, response) => server.emit('request', request, response));
  server.on('checkExpectation', (request, response) => server.emit('request', request, response));
}
