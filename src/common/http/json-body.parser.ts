import type { FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import secureJson from 'secure-json-parse';
import { QuarryError } from '../errors/quarry.error';

/** A JSON body with a key that would reach an object's prototype. */
export class ForbiddenJsonKeyError extends QuarryError {
  /** OpenAI's error shape on /v1 carries it as `code`. */
  readonly code = 'forbidden_json_key';

  constructor(key: string) {
    super(`The body has a "${key}" key, which is not accepted: remove it`, 400);
  }
}

// secure-json-parse's message for both keys.
const FORBIDDEN_KEY_MESSAGE = 'Object contains forbidden prototype property';

/**
 * The application/json parser (registered with app.useBodyParser, in place of Nest's, which wraps
 * Fastify's default). The same secure-json-parse with the same refusals, but a `__proto__` or
 * `constructor.prototype` key is answered with a 400 that names it, where Fastify's parser said
 * "Body is not valid JSON". secure-json-parse is used directly, as Fastify does: JSON.parse plus
 * the scan for those keys, only when the text contains them.
 */
export function parseJsonBody(
  _request: FastifyRequest,
  body: Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  // An empty chunked body is no body, as one without framing is (body-choice.ts): the route's
  // validation says what is missing, rather than "Body cannot be empty".
  if (body.length === 0) {
    done(null, undefined);
    return;
  }
  let value: unknown;
  try {
    value = secureJson.parse(body);
  } catch (error) {
    done(
      (error as Error).message === FORBIDDEN_KEY_MESSAGE
        ? new ForbiddenJsonKeyError(forbiddenKeyOf(body))
        : new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(),
    );
    return;
  }
  done(null, value);
}

/** Which of the two keys was found; parsed again only on this refusal. */
function forbiddenKeyOf(body: Buffer): string {
  try {
    secureJson.parse(body, { protoAction: 'error', constructorAction: 'ignore' });
    return 'constructor.prototype';
  } catch {
    return '__proto__';
  }
}
