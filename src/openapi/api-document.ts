import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { ServerConfig } from '../common/config/app.config';
import { ErrorBody } from '../common/errors/error-body';
import { OpenAiErrorBody } from '../completions';
import { proxyOpenApiPaths } from '../proxy';
import { addStandardResponses } from './error-responses';

/** The OpenAPI document served at /docs/json: Nest's routes, the proxy's paths, shared responses. */
export function buildApiDocument(app: INestApplication, server: ServerConfig): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Quarry')
      .setDescription(
        'AI answer engine: Perplexica-compatible providers and search endpoints, sibling-service ' +
          'proxy, webhook connector. With AUTH_REQUIRED=true every operation that lists bearer ' +
          'security needs `Authorization: Bearer <token>`; /health, /health/ready and /docs never do.',
      )
      .setVersion('0.1.0')
      .addServer(server.openApiServerUrl)
      .addBearerAuth()
      .addTag('proxy', 'Paths forwarded to the sibling services, any method, bodies streamed.')
      .build(),
    { extraModels: [ErrorBody, OpenAiErrorBody] },
  );
  for (const [path, item] of Object.entries(proxyOpenApiPaths())) document.paths[path] ??= item;
  addStandardResponses(document);
  Object.assign(document.paths, DOCUMENTATION_PATHS);
  return document;
}

const ANY_ERROR = {
  description: 'Unexpected failure, in the error shape.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

/** Served by Swagger's own Fastify routes (no guards, no rate limit); public like /health. */
const DOCUMENTATION_PATHS: OpenAPIObject['paths'] = {
  '/docs': {
    get: {
      operationId: 'getApiReference',
      tags: ['docs'],
      summary: 'Swagger UI for this document.',
      responses: {
        '200': {
          description: 'The page.',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        default: ANY_ERROR,
      },
    },
  },
  '/docs/json': {
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['docs'],
      summary: 'This OpenAPI document.',
      responses: {
        '200': {
          description: 'The document (OpenAPI 3.0).',
          content: {
            'application/json': { schema: { type: 'object', additionalProperties: true } },
          },
        },
        default: ANY_ERROR,
      },
    },
  },
};
