import type { ErrorBody } from './error-body';

const REQUEST_ID = '5f0c7a9e-2b8f-4a6a-9a57-1d2f3c4b5a69';

/** An example reply in the error shape, for OpenAPI response declarations. */
export function errorExample(
  statusCode: 400 | 500 | 502 | 503,
  message: string | string[],
): ErrorBody {
  const error = {
    400: 'Bad Request',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
  }[statusCode];
  return { statusCode, error, message, requestId: REQUEST_ID };
}

/** The errors of routes that use a chat model and the meta-search backend. */
export const MODEL_AND_SEARCH_ERROR_EXAMPLES = {
  // What a request with an empty query is answered.
  400: errorExample(400, ['query should not be empty']),
  500: errorExample(500, 'Internal server error'),
  502: errorExample(
    502,
    'SearxNG search backend unavailable: all 1 address(es) failed (address #1: ECONNREFUSED)',
  ),
  503: errorExample(
    503,
    'No meta-search backend is configured (set SEARXNG_URL or SEARCH_SVC_URL); the local source works without one',
  ),
};
