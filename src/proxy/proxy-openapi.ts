import type { OpenAPIObject } from '@nestjs/swagger';
import { SIBLING_ROUTES, type SiblingRoute } from './sibling-routes';

type PathItem = OpenAPIObject['paths'][string];

const ANY_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const ERROR = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

/**
 * OpenAPI entries for the forwarded paths, written from the routing table: Nest cannot describe
 * its any-method wildcard routes (it emits a non-standard method and an undeclared parameter).
 */
export function proxyOpenApiPaths(): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const route of SIBLING_ROUTES) {
    const methods = route.method === 'GET' ? (['get'] as const) : ANY_METHODS;
    paths[route.prefix] ??= operations(route, methods, false);
    if (!route.exact) paths[`${route.prefix}/{path}`] = operations(route, methods, true);
  }
  return paths;
}

function operations(route: SiblingRoute, methods: readonly string[], subtree: boolean): PathItem {
  const item: Record<string, unknown> = {};
  for (const method of methods) {
    item[method] = {
      tags: ['proxy'],
      summary: `Forwarded to the ${route.sibling} service`,
      description:
        `The ${route.sibling} sibling receives the same method, path and query string; bodies are ` +
        'streamed both ways, status and headers pass through minus hop-by-hop headers, and ' +
        'X-Forwarded-For/-Proto/-Host and X-Request-Id are added.',
      operationId: operationIdOf(method, route.prefix, subtree),
      security: [{ bearer: [] }],
      parameters: subtree
        ? [
            {
              name: 'path',
              in: 'path',
              required: true,
              description:
                'The rest of the path below the prefix. It may contain slashes, sent as they are or ' +
                'percent-encoded as %2F (as generated clients send them): the sibling receives "/" ' +
                'either way. "." and ".." segments are refused.',
              schema: { type: 'string', example: 'feed/today' },
            },
          ]
        : [],
      responses: {
        '200': {
          description: "The sibling's reply, passed through with its own status, headers and body.",
          content: { '*/*': { schema: {} } },
        },
        '400': { description: 'Path that would leave its prefix.', ...ERROR },
        '401': { description: 'Missing or rejected bearer token (when AUTH_REQUIRED).', ...ERROR },
        '502': { description: 'The sibling is unreachable (the message names it).', ...ERROR },
        '503': { description: 'The auth service is unavailable.', ...ERROR },
        '504': { description: 'No reply within PROXY_TIMEOUT_MS.', ...ERROR },
      },
    };
  }
  return item as PathItem;
}

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
