import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import { errorCodes } from 'fastify';
import { askForBody } from './continue-expectation';
import { hasBody } from './has-body';

// A media type no client sends on purpose; only routes that stream their body are switched to it.
const PASSTHROUGH_MEDIA_TYPE = 'application/x-quarry-passthrough';

/** Content-Type of a request whose header was changed while Fastify picked a parser; undefined when absent. */
const originalContentType = new WeakMap<FastifyRequest, string | undefined>();

/**
 * Which body parser Fastify runs. Fastify picks it by Content-Type alone, and 5.12 runs it even
 * when the request has no body ("Body cannot be empty" for a DELETE naming application/json, 415
 * for an empty octet-stream POST) and on routes that do not exist (400 where 404 is due). Quarry
 * hides the header while the parser is picked in three cases, and puts it back before validation:
 * - no body by its framing: no parser runs, the route gets `request.body` undefined;
 * - no route: no parser runs, the answer is the 404;
 * - a route that streams its body (streamBody below): the untouched request stream, any type.
 *
 * `Expect: 100-continue` is answered by each route's body policy (streamBody here, the JSON-only
 * policies), the moment the body is about to be read: after authentication (an onRequest hook),
 * once the route accepts it (continue-expectation.ts).
 */
export function registerBodyChoice(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(PASSTHROUGH_MEDIA_TYPE, (request, payload, done) => {
    if (!originalContentType.has(request)) {
      // A client naming this type on an ordinary route gets what any unknown type gets.
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
      return;
    }
    done(null, payload);
  });

  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    const headers = request.raw.headers;
    // A request without a Content-Type (most GETs) reads one header here and goes on.
    if (headers['content-type'] !== undefined && (request.is404 || !hasBody(headers))) {
      hideContentType(request, undefined);
    }
    done(null, payload);
  });

  fastify.addHook('preValidation', (request, _reply, done) => {
    if (originalContentType.has(request)) {
      const original = originalContentType.get(request);
      originalContentType.delete(request);
      if (original === undefined) delete request.raw.headers['content-type'];
      else request.raw.headers['content-type'] = original;
    }
    done();
  });
}

/**
 * A route-level preParsing hook: the handler gets the request stream untouched as `request.body`
 * (for the proxy), whatever its type, and no body limit applies.
 */
export const streamBody: preParsingHookHandler = (request, reply, payload, done) => {
  if (hasBody(request.raw.headers)) {
    if (!originalContentType.has(request)) hideContentType(request, PASSTHROUGH_MEDIA_TYPE);
    askForBody(request.raw, reply.raw);
  }
  done(null, payload);
};

function hideContentType(request: FastifyRequest, shown: string | undefined): void {
  const headers = request.raw.headers;
  originalContentType.set(request, headers['content-type']);
  if (shown === undefined) delete headers['content-type'];
  else headers['content-type'] = shown;
}
