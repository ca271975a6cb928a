import type { OpenAPIObject } from '@nestjs/swagger';
import {
  SiblingTimeoutError,
  SiblingUnreachableError,
  UnforwardablePathError,
} from './proxy.errors';
import { SIBLING_ROUTES, type SiblingRoute } from './sibling-routes';

type PathItem = OpenAPIObject['paths'][string];
type Components = NonNullable<OpenAPIObject['components']>;

/** What the sibling document needs from the proxy: its paths, the parts they share, a tag per sibling. */
export interface SiblingsOpenApi {
  readonly paths: Record<string, PathItem>;
  readonly components: Pick<Components, 'parameters' | 'requestBodies' | 'responses'>;
  readonly tags: Array<{ name: string; description: string }>;
}

/** Fastify answers HEAD for every GET route; an any-method route takes OPTIONS as well. */
const ANY_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
const GET_METHODS = ['get', 'head'] as const;
const EXAMPLE_REQUEST_ID = '5f0c7a9e-2b8f-4a6a-9a57-1d2f3c4b5a69';
const ERROR_BODY = { $ref: '#/components/schemas/ErrorBody' };
const ref = (kind: keyof SiblingsOpenApi['components'], name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/**
 * The forwarded paths, written from the routing table (Nest cannot describe its any-method
 * wildcard routes): each prefix and the subtree below it, every method the route takes, any
 * query parameters. Served as a document of its own (/docs/siblings/json) so that the main
 * document describes Quarry's own API while a client can still be generated for these.
 */
export function siblingsOpenApi(timeoutMs: number): SiblingsOpenApi {
  const paths: Record<string, PathItem> = {};
  for (const route of SIBLING_ROUTES) {
    const methods = route.method === 'GET' ? GET_METHODS : ANY_METHODS;
    paths[route.prefix] ??= operations(route, methods, false);
    if (!route.exact) paths[`${route.prefix}/{path}`] = operations(route, methods, true);
  }
  const siblings = [...new Set(SIBLING_ROUTES.map((route) => route.sibling))];
  // Each sibling's 502 and 504 name it: one response of each per sibling, referenced.
  const named = Object.fromEntries(
    siblings.flatMap((sibling) => [
      [
        `${pascal(sibling)}Unreachable`,
        errorResponse(
          `The ${sibling} service is unreachable.`,
          new SiblingUnreachableError(sibling),
        ),
      ],
      [
        `${pascal(sibling)}Timeout`,
        errorResponse(
          `The ${sibling} service sent no reply within PROXY_TIMEOUT_MS.`,
          new SiblingTimeoutError(sibling, timeoutMs),
        ),
      ],
    ]),
  );
  return {
    paths,
    components: { ...SHARED, responses: { ...SHARED.responses, ...named } },
    tags: siblings.map((sibling) => ({
      name: sibling,
      description: `Paths the ${sibling} service answers: ${SIBLING_ROUTES.filter(
        (r) => r.sibling === sibling,
      )
        .map((r) => r.prefix)
        .join(', ')}.`,
    })),
  };
}

function operations(route: SiblingRoute, methods: readonly string[], subtree: boolean): PathItem {
  const item: Record<string, unknown> = {
    // Said once per path rather than per method.
    description:
      `Forwarded to the ${route.sibling} service with the same method, path and query string; ` +
      'bodies are streamed both ways, its status and headers pass through minus hop-by-hop ' +
      'headers, and X-Forwarded-For/-Proto/-Host and X-Request-Id are added.',
  };
  for (const method of methods) {
    item[method] = {
      tags: [route.sibling],
      summary: `${method.toUpperCase()} ${route.prefix}${subtree ? '/{path}' : ''}, answered by the ${route.sibling} service`,
      description: `As the path says: forwarded to the ${route.sibling} service.`,
      operationId: operationIdOf(method, route.prefix, subtree),
      security: [{ bearer: [] }],
      parameters: [
        ...(subtree ? [ref('parameters', 'SiblingPath')] : []),
        ref('parameters', 'SiblingQuery'),
      ],
      ...(['post', 'put', 'patch'].includes(method)
        ? { requestBody: ref('requestBodies', 'SiblingBody') }
        : {}),
      responses:
        method === 'head'
          ? HEAD_RESPONSES
          : {
              '200': ref('responses', 'SiblingReply'),
              ...(subtree ? { '400': ref('responses', 'UnforwardablePath') } : {}),
              '401': ref('responses', 'Unauthenticated'),
              '429': ref('responses', 'TooManyRequests'),
              '502': ref('responses', `${pascal(route.sibling)}Unreachable`),
              '503': ref('responses', 'AuthUnavailable'),
              '504': ref('responses', `${pascal(route.sibling)}Timeout`),
              default: ref('responses', 'SiblingOtherReply'),
            },
    };
  }
  return item as PathItem;
}

/** HEAD answers the statuses and headers of GET without a body. */
const HEAD_RESPONSES = {
  '200': { description: "The sibling's status and headers for GET, without a body." },
  '401': { description: 'AUTH_REQUIRED is on and the bearer token is missing or rejected.' },
  '429': { description: 'Rate limited (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS).' },
  '502': { description: 'The sibling is unreachable.' },
  '503': { description: 'The auth service could not be asked about the token.' },
  '504': { description: 'The sibling sent no reply within PROXY_TIMEOUT_MS.' },
  default: { description: "The sibling's other statuses, or an error of Quarry's own." },
};

type ResponseObject = Extract<
  NonNullable<SiblingsOpenApi['components']['responses']>[string],
  { description: string }
>;

function errorResponse(
  description: string,
  error: { message: string; statusCode: number },
): ResponseObject {
  return {
    description,
    content: {
      'application/json': {
        schema: ERROR_BODY,
        example: {
          statusCode: error.statusCode,
          error: REASONS[error.statusCode],
          message: error.message,
          requestId: EXAMPLE_REQUEST_ID,
        },
      },
    },
  };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Parameters and responses every forwarded operation shares, referenced rather than repeated. */
const SHARED: SiblingsOpenApi['components'] = {
  parameters: {
    SiblingPath: {
      name: 'path',
      in: 'path',
      required: true,
      description:
        'The rest of the path below the prefix. It may contain slashes, sent as they are or ' +
        'percent-encoded as %2F (as generated clients send them): the sibling receives "/" either ' +
        'way. "." and ".." segments are refused.',
      schema: { type: 'string', example: 'feed/today' },
    },
    SiblingQuery: {
      name: 'query',
      in: 'query',
      required: false,
      description:
        'Any query parameters, passed to the sibling as they are (form style: `?region=eu&page=2`).',
      style: 'form',
      explode: true,
      schema: {
        type: 'object',
        additionalProperties: { type: 'string' },
        example: { region: 'eu' },
      },
    },
  },
  requestBodies: {
    SiblingBody: {
      description: 'Any body, streamed to the sibling with its Content-Type.',
      required: false,
      content: { '*/*': { schema: {} } },
    },
  },
  responses: {
    SiblingReply: {
      description: "The sibling's reply, passed through with its own status, headers and body.",
      content: { '*/*': { schema: {} } },
    },
    SiblingOtherReply: {
      description:
        "The sibling's reply with any other status, passed through; or an error of Quarry's own in its error shape.",
      content: { '*/*': { schema: {} } },
    },
    UnforwardablePath: errorResponse(
      'A path that could leave its prefix: "." or ".." segments, backslashes, malformed percent-encoding.',
      new UnforwardablePathError('Paths with "." or ".." segments are not forwarded'),
    ),
    Unauthenticated: errorResponse(
      'AUTH_REQUIRED is on and the bearer token is missing or rejected.',
      { statusCode: 401, message: 'A bearer token is required' },
    ),
    TooManyRequests: {
      ...errorResponse('Rate limited (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS).', {
        statusCode: 429,
        message: 'Too many requests: slow down and retry after the time in Retry-After',
      }),
      headers: {
        'Retry-After': {
          description: 'Seconds to wait before retrying.',
          schema: { type: 'integer' },
        },
      },
    },
    AuthUnavailable: errorResponse(
      'AUTH_REQUIRED is on and the auth service could not be asked about the token.',
      { statusCode: 503, message: 'The authentication service is unavailable; retry later' },
    ),
  },
};

/** Stable and short: proxyGetDiscover, proxyPostDiscoverPath, proxyGetAdminAuditLogs... */
function operationIdOf(method: string, prefix: string, subtree: boolean): string {
  const words = prefix
    .replace(/^\/api(\/v1)?\//, '')
    .split(/[^a-z0-9]+/i)
    .filter(Boolean);
  return ['proxy', method, ...words, ...(subtree ? ['path'] : [])]
    .map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');
}

function pascal(name: string): string {
  return name[0].toUpperCase() + name.slice(1);
}
