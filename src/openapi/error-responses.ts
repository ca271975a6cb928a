import type { OpenAPIObject } from '@nestjs/swagger';
import { mapError } from '../common/errors/error-mapper';
import { errorCodes } from 'fastify';
import { NOT_RATE_LIMITED } from '../common/decorators/quarry-endpoint.decorator';
import { QuarryError } from '../common/errors/quarry.error';
import { UnsupportedBodyTypeError } from '../common/http/json-only-bodies';
import { isOpenAiPath, openAiErrorBody } from '../completions';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type Response = NonNullable<Operation['responses'][string]>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const EXAMPLE_REQUEST_ID = '5f0c7a9e-2b8f-4a6a-9a57-1d2f3c4b5a69';

/**
 * What each status means on any route, and, where the reply is the same on every route, what
 * the service throws for it: the example is mapped from it as a real reply is (the contract
 * test compares them). A route gives its own example where the reply depends on the route
 * (400, 404, 502, 504).
 */
const STANDARD: Record<number, { description: string; thrown?: () => unknown }> = {
  400: {
    description: 'The request is malformed or a field is invalid (each message names its field).',
  },
  401: {
    description: 'AUTH_REQUIRED is on and the bearer token is missing or rejected.',
    // The auth guard's answer to a request without a token.
    thrown: () => new QuarryError('A bearer token is required', 401),
  },
  404: { description: 'Not found.' },
  413: {
    description: 'The body is larger than BODY_LIMIT_BYTES.',
    thrown: () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(),
  },
  415: {
    description: 'The body is not sent as application/json.',
    thrown: () => new UnsupportedBodyTypeError('text/plain'),
  },
  429: {
    description: 'Rate limited (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS); Retry-After says when.',
    thrown: () =>
      new QuarryError('Too many requests: slow down and retry after the time in Retry-After', 429),
  },
  500: { description: 'Unexpected failure.', thrown: () => new Error('any unexpected failure') },
  502: { description: 'An upstream service failed.' },
  503: {
    description: 'A dependency is unavailable (for example the auth service).',
    // The auth guard's answer while the auth service cannot be asked.
    thrown: () => new QuarryError('The authentication service is unavailable; retry later', 503),
  },
  504: { description: 'An upstream service did not answer in time.' },
};

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
};

/** The name each shared response has under components.responses. */
const NAMES: Record<number | 'default', string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
  default: 'UnexpectedError',
};

/**
 * Adds what holds for every route so no operation can forget it: a `default` error on all; 429
 * on all the rate limit applies to; 401 and 503 where a bearer token is required; 400, 413 and
 * 415 where a JSON body is read. Not 408: Node answers a request not received within
 * REQUEST_TIMEOUT_MS without a body, and a bodiless error status leaves generated clients an
 * unknown error type. These are defined once under components.responses, in each error shape
 * (OpenAI's under /v1, ErrorBody elsewhere), with the standard example of their status, and
 * referenced by $ref: written out in every operation they were most of the document's bytes.
 * A route's own error responses get the standard example of their status where they have none.
 */
export function addStandardResponses(document: OpenAPIObject): void {
  const shared: Record<string, Response> = {};
  const sharedRef = (status: number | 'default', openAi: boolean) => {
    const name = `${openAi ? 'OpenAi' : ''}${NAMES[status]}`;
    shared[name] ??= sharedResponse(status, openAi);
    return { $ref: `#/components/responses/${name}` };
  };
  for (const [path, item] of Object.entries(document.paths)) {
    const openAi = isOpenAiPath(path);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const { responses } = operation;
      const add = (status: number) => {
        responses[status] ??= sharedRef(status, openAi);
      };
      if (operation.security?.some((requirement) => Object.keys(requirement).length > 0)) {
        add(401);
        add(503);
      }
      if (readsJsonBody(operation)) [400, 413, 415].forEach(add);
      if (!(NOT_RATE_LIMITED in operation)) add(429);
      const tooMany = responses['429'];
      if (tooMany && 'description' in tooMany)
        tooMany.headers = { ...tooMany.headers, ...RETRY_AFTER };
      responses.default ??= sharedRef('default', openAi);
      for (const [status, response] of Object.entries(responses) as Array<[string, Response]>) {
        fillErrorExample(status === 'default' ? 500 : Number(status), response, openAi);
      }
    }
  }
  Object.assign(shared, shareRepeatedErrors(document));
  document.components = {
    ...document.components,
    responses: { ...document.components?.responses, ...sortedByName(shared) },
  };
}

/**
 * A route's own error response written the same on several operations (the same description,
 * shape and example) is defined once too, named after the first operation that has it.
 */
function shareRepeatedErrors(document: OpenAPIObject): Record<string, Response> {
  const uses = new Map<
    string,
    Array<{ responses: Operation['responses']; status: string; response: Response }>
  >();
  const firstNames = new Map<string, string>();
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      for (const [status, response] of Object.entries(operation.responses) as Array<
        [string, Response]
      >) {
        if (!(Number(status) >= 400) || '$ref' in response) continue;
        const key = JSON.stringify(response);
        uses.set(key, [
          ...(uses.get(key) ?? []),
          { responses: operation.responses, status, response },
        ]);
        if (!firstNames.has(key))
          firstNames.set(key, `${operation.operationId ?? method}${status}`);
      }
    }
  }
  const shared: Record<string, Response> = {};
  for (const [key, places] of uses) {
    if (places.length < 2) continue;
    const name = firstNames.get(key) ?? key;
    shared[name] = places[0].response;
    for (const { responses, status } of places)
      responses[status] = { $ref: `#/components/responses/${name}` };
  }
  return shared;
}

/** A shared response: the standard description and example of its status, in one error shape. */
function sharedResponse(status: number | 'default', openAi: boolean): Response {
  const description =
    status === 'default'
      ? 'Any other error, in the error shape: an unknown path is 404, an unexpected failure 500.'
      : STANDARD[status].description;
  const response: Response = {
    ...errorResponse(description, openAi),
    ...(status === 429 ? { headers: RETRY_AFTER } : {}),
  };
  fillErrorExample(status === 'default' ? 500 : status, response, openAi);
  return response;
}

function sortedByName<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

function readsJsonBody(operation: Operation): boolean {
  const body = operation.requestBody;
  return !!body && 'content' in body && 'application/json' in body.content;
}

function errorResponse(description: string, openAi: boolean) {
  return {
    description,
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${openAi ? 'OpenAiErrorBody' : 'ErrorBody'}` },
      },
    },
  };
}

/** An error response without an example of its own gets the standard one of its status, if any. */
function fillErrorExample(status: number, response: Response, openAi: boolean): void {
  if (!(status >= 400) || !('content' in response) || !response.content) return;
  const json = response.content['application/json'];
  const ref = json?.schema && '$ref' in json.schema ? json.schema.$ref : undefined;
  if (!json || json.example !== undefined || json.examples !== undefined) return;
  if (!ref?.endsWith('/ErrorBody') && !ref?.endsWith('/OpenAiErrorBody')) return;
  const error = STANDARD[status]?.thrown?.();
  if (error === undefined) return;
  const example = openAi
    ? openAiErrorBody(mapError(error, EXAMPLE_REQUEST_ID), error)
    : mapError(error, EXAMPLE_REQUEST_ID).body;
  // Copied, not set in place: responses of several statuses may share one content object.
  response.content = { ...response.content, 'application/json': { ...json, example } };
}
