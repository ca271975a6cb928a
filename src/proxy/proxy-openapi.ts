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
      operationId: `proxy_${method}_${route.prefix.replace(/[^a-z0-9]+/gi, '_')}${subtree ? '_path' : ''}`,
      security: [{ bearer: [] }],
      parameters: subtree
        ? [
            {
              name: 'path',
              in: 'path',
              required: true,
              description: 'The rest of the path below the prefix (may contain slashes).',
              schema: { type: 'string', example: 'feed' },
            },
          ]
        : [],
      responses: {
        '200': { description: "The sibling's reply, passed through (any status)." },
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
