import type { preParsingHookHandler } from 'fastify';
import { QuarryError } from '../errors/quarry.error';
import { askForBody } from './continue-expectation';
import { hasBody } from './has-body';

/** A request body that is not JSON on a route that reads JSON. */
export class UnsupportedBodyTypeError extends QuarryError {
  constructor(contentType: string | undefined) {
    super(
      `${contentType ? `Content-Type ${contentType}` : 'a body without Content-Type'} is not accepted here: send the body as application/json`,
      415,
    );
  }
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
const JSON_OR_MULTIPART_MEDIA_TYPE = /^(application\/json|multipart\/form-data)\s*(;|$)/i;

/**
 * A route-level preParsing hook for every route that reads JSON (all but the streamed ones):
 * refuses, before any parser runs, a body that is not application/json. Fastify parses text/plain
 * and Nest form bodies by default; either reached validation as a string or a flat record and
 * came back as a list of messages about every field, instead of saying what was wrong.
 */
export const refuseNonJsonBody = refuseBodiesNotOf(JSON_MEDIA_TYPE);

/** The same for upload routes (@MultipartBody), which also read multipart/form-data. */
export const refuseNonJsonOrMultipartBody = refuseBodiesNotOf(JSON_OR_MULTIPART_MEDIA_TYPE);

function refuseBodiesNotOf(accepted: RegExp): preParsingHookHandler {
  return (request, reply, payload, done) => {
    const headers = request.raw.headers;
    if (!hasBody(headers)) return done(null, payload);
    const type = headers['content-type'];
    if (type === undefined || !accepted.test(type)) {
      return done(new UnsupportedBodyTypeError(type?.split(';')[0]?.trim()));
    }
    // A JSON body declared over the limit gets its 413 from the parser, not an invitation to send it
    // (uploads are limited per file by the multipart reader, as they stream).
    if (!(
      Number(headers['content-length']) > request.routeOptions.bodyLimit &&
      JSON_MEDIA_TYPE.test(type)
    )) {
      askForBody(request.raw, reply.raw);
    }
    done(null, payload);
  };
}
