import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import { hasBody } from '../common/http/has-body';

// A media type no client sends on purpose; only streamed routes are switched to it.
const PASSTHROUGH_MEDIA_TYPE = 'application/x-quarry-passthrough';

/** Content-Type of each streamed request while Fastify picks a body parser; undefined when absent. */
const originalContentType = new WeakMap<FastifyRequest, string | undefined>();

/**
 * Fastify chooses a body parser by Content-Type alone and has no per-route parser, so JSON sent to
 * a proxy route would be buffered and parsed. For routes matching wantsStream the Content-Type is switched to a
 * private media type while the parser is picked; its parser hands over the untouched stream, and the
 * header is restored before the handler runs. Every other route keeps the usual parsers and limits.
 */
export function registerStreamedRequestBody(
  fastify: FastifyInstance,
  wantsStream: (request: FastifyRequest) => boolean,
): void {
  fastify.addContentTypeParser(PASSTHROUGH_MEDIA_TYPE, (request, payload, done) => {
    if (!originalContentType.has(request)) {
      // A client naming this type on an ordinary route gets what any unknown type gets.
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
      return;
    }
    done(null, payload);
  });

  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    // Without a body Fastify runs no parser at all, and the proxy sends none upstream. The body
    // check goes first: it reads two headers, where the route check builds request.routeOptions.
    if (hasBody(request) && wantsStream(request)) {
      const headers = request.raw.headers;
      originalContentType.set(request, headers['content-type']);
      headers['content-type'] = PASSTHROUGH_MEDIA_TYPE;
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
