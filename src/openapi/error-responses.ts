import type { OpenAPIObject } from '@nestjs/swagger';
import { mapError } from '../common/errors/error-mapper';
import { QuarryError } from '../common/errors/quarry.error';
import { isOpenAiPath, openAiErrorBody } from '../completions';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type Response = NonNullable<Operation['responses'][string]>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const EXAMPLE_REQUEST_ID = '5f0c7a9e-2b8f-4a6a-9a57-1d2f3c4b5a69';

/** What each status means on any route, and a message the service really sends with it. */
const STANDARD: Record<number, { description: string; message: string | string[] }> = {
  400: {
    description: 'The request is malformed or a field is invalid (each message names its field).',
    message: ['query should not be empty'],
  },
  401: {
    description: 'AUTH_REQUIRED is on and the bearer token is missing or rejected.',
    message: 'A bearer token is required: send Authorization: Bearer <token>',
  },
  404: { description: 'Not found.', message: 'Not found' },
  413: {
    description: 'The body is larger than BODY_LIMIT_BYTES.',
    message: 'Request body is too large',
  },
  415: {
    description: 'The body is not sent as application/json.',
    message: 'Unsupported Media Type: text/plain',
  },
  429: {
    description: 'Rate limited (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS); Retry-After says when.',
    message: 'Too many requests: slow down and retry after the time in Retry-After',
  },
  500: { description: 'Unexpected failure.', message: 'Internal server error' },
  502: { description: 'An upstream service failed.', message: 'Bad gateway' },
  503: {
    description: 'A dependency is unavailable (for example the auth service).',
    message: 'The auth service is unavailable',
  },
  504: { description: 'An upstream service did not answer in time.', message: 'Gateway timeout' },
};

const REQUEST_TIMEOUT: Response = {
  description:
    'The request was not received in full within REQUEST_TIMEOUT_MS; Node answers without a body and closes the connection.',
};

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
};

/**
 * Adds what holds for every route so no operation can forget it: 408, 429 and a `default` error
 * on all; 401 and 503 where a bearer token is required; 400, 413 and 415 where a JSON body is
 * read. Error responses get an example of their own status in the shape the route answers
 * (OpenAI's under /v1, { statusCode, error, message, requestId } elsewhere).
 */
export function addStandardResponses(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    const openAi = isOpenAiPath(path);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const { responses } = operation;
      const forwarded = operation.tags?.includes('proxy') === true;
      const add = (status: number) => {
        responses[status] ??= errorResponse(status, STANDARD[status].description, openAi);
      };
      if (operation.security?.some((requirement) => Object.keys(requirement).length > 0)) {
        add(401);
        add(503);
      }
      if (readsJsonBody(operation)) [400, 413, 415].forEach(add);
      responses['408'] ??= REQUEST_TIMEOUT;
      add(429);
      const tooMany = responses['429'];
      if (tooMany && 'description' in tooMany)
        tooMany.headers = { ...tooMany.headers, ...RETRY_AFTER };
      responses.default ??= forwarded
        ? {
            description:
              "The sibling's reply with any other status, passed through; or an error of Quarry's own in its error shape.",
            content: { '*/*': { schema: {} } },
          }
        : errorResponse(
            500,
            'Any other error, in the error shape: an unknown path is 404, an unexpected failure 500.',
            openAi,
          );
      for (const [status, response] of Object.entries(responses) as Array<[string, Response]>) {
        fillErrorExample(status === 'default' ? 500 : Number(status), response, openAi);
      }
    }
  }
}

function readsJsonBody(operation: Operation): boolean {
  const body = operation.requestBody;
  return !!body && 'content' in body && 'application/json' in body.content;
}

function errorResponse(status: number, description: string, openAi: boolean): Response {
  return {
    description,
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${openAi ? 'OpenAiErrorBody' : 'ErrorBody'}` },
      },
    },
  };
}

/** An error response without an example of its own gets one with its status, not the schema's 400. */
function fillErrorExample(status: number, response: Response, openAi: boolean): void {
  if (!(status >= 400) || !('content' in response) || !response.content) return;
  const json = response.content['application/json'];
  const ref = json?.schema && '$ref' in json.schema ? json.schema.$ref : undefined;
  if (!json || json.example !== undefined || json.examples !== undefined) return;
  if (!ref?.endsWith('/ErrorBody') && !ref?.endsWith('/OpenAiErrorBody')) return;
  const message = STANDARD[status]?.message ?? 'Error';
  const error = new QuarryError(Array.isArray(message) ? message.join('; ') : message, status);
  const example = openAi
    ? openAiErrorBody(mapError(error, EXAMPLE_REQUEST_ID), error)
    : { ...mapError(error, EXAMPLE_REQUEST_ID).body, message };
  // Copied, not set in place: responses of several statuses may share one content object.
  response.content = { ...response.content, 'application/json': { ...json, example } };
}
