import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** The one expectation HTTP defines (RFC 9110 section 10.1.1), as Node matches it. */
const CONTINUE_EXPECTATION = /(?:^|\W)100-continue(?:$|\W)/i;

/** Requests that were sent 100 Continue: their clients are sending the body. */
const askedForBody = new WeakSet<IncomingMessage>();

/**
 * Node answers `Expect: 100-continue` with 100 Continue the moment the headers arrive, before
 * anything is checked, unless the server listens for 'checkContinue'. Listening hands the request
 * to Fastify like any other; the route's body policy calls askForBody() once the request is
 * authenticated, routed and its body acceptable, so a refused one (401, 404, 413, 415) is answered
 * without the client sending its body (Node then closes the connection, as a body may still
 * follow). Any other expectation Node would answer with a bare 417; it is ignored instead (RFC 9110
 * lets a server do either), so Quarry answers 417 only when a sibling does.
 */
export function continueExpectation(server: Server): void {
  server.on('checkContinue', (request, response) => server.emit('request', request, response));
  server.on('checkExpectation', (request, response) => server.emit('request', request, response));
}

/** Sends 100 Continue if the client waits for it before sending its body. */
export function askForBody(request: IncomingMessage, response: ServerResponse): void {
  if (!holdsBodyBack(request)) return;
  askedForBody.add(request);
  response.writeContinue();
}

/** Whether the client is holding its body back, waiting for a 100 Continue it was not sent. */
export function holdsBodyBack(request: IncomingMessage): boolean {
  const expect = request.headers.expect;
  return (
    expect !== undefined &&
    request.httpVersion === '1.1' &&
    CONTINUE_EXPECTATION.test(expect) &&
    !askedForBody.has(request)
  );
}
