import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { ServerConfig } from '../common/config/app.config';
import { ErrorBody } from '../common/errors/error-body';
import {
  CHAT_COMPLETION_STREAM_EVENT,
  CHAT_COMPLETION_STREAM_EVENT_SCHEMA,
  OpenAiErrorBody,
} from '../completions';
import type { SiblingsOpenApi } from '../proxy';
import { SEARCH_STREAM_MESSAGE, STREAM_MESSAGE_SCHEMA } from '../search';
import { addStandardResponses } from './error-responses';
import { shareRepeatedParameters } from './shared-parameters';

/** The tags in the order a newcomer needs them; Swagger UI shows them in this order. */
const TAGS: Array<{ name: string; description: string }> = [
  {
    name: 'search',
    description:
      "Answers from searched sources, whole or streamed (Perplexica's /api/search), and the " +
      'images, videos and follow-up questions for a conversation.',
  },
  { name: 'providers', description: 'The active model providers and their models.' },
  {
    name: 'openai-compatible',
    description: 'OpenAI-compatible chat completions grounded in search, for any OpenAI SDK.',
  },
  {
    name: 'files',
    description: "OpenAI's Files API, and Perplexica's uploads.",
  },
  {
    name: 'vector-stores',
    description: "OpenAI's Vector Stores API.",
  },
  { name: 'connectors', description: 'Outbound actions (signed webhooks).' },
  { name: 'health', description: 'Liveness, readiness and the index of this service.' },
  { name: 'docs', description: 'This reference.' },
  {
    name: 'siblings',
    description:
      'Paths Quarry forwards to its sibling services (/api/v1/..., /api/chat, /api/auth/me) are ' +
      'described in a document of their own, GET /docs/siblings/json ("Sibling services" in the ' +
      'selector of /docs).',
  },
];

/** The OpenAPI document served at /docs/json: Quarry's own routes and the responses they share. */
export function buildApiDocument(app: INestApplication, server: ServerConfig): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Quarry')
      .setDescription(
        'AI answer engine: Perplexica-compatible providers and search endpoints, OpenAI-compatible ' +
          'chat completions, a webhook connector. With AUTH_REQUIRED=true every operation that lists ' +
          'bearer security needs `Authorization: Bearer <token>`; /, /health, /health/ready and ' +
          '/docs never do. docs/openapi.md shows how to generate a client and read the streams.',
      )
      .setVersion('0.1.0')
      .addServer(server.openApiServerUrl)
      .addBearerAuth()
      .build(),
    { extraModels: [ErrorBody, OpenAiErrorBody] },
  );
  document.tags = TAGS;
  Object.assign(document.components?.schemas ?? {}, {
    [SEARCH_STREAM_MESSAGE]: {
      ...STREAM_MESSAGE_SCHEMA,
      description:
        'One line of a streamed answer: init, sources once, response chunks in order, done.',
    },
    [CHAT_COMPLETION_STREAM_EVENT]: CHAT_COMPLETION_STREAM_EVENT_SCHEMA,
  });
  addStandardResponses(document);
  shareRepeatedParameters(document);
  Object.assign(document.paths, DOCUMENTATION_PATHS);
  markPublicOperations(document);
  return document;
}

/**
 * The document of the forwarded paths, at /docs/siblings/json, from the proxy's routing table
 * (siblingsOpenApi) and the error shape of the main document.
 */
export function buildSiblingsDocument(
  main: OpenAPIObject,
  siblings: SiblingsOpenApi,
): OpenAPIObject {
  return {
    openapi: main.openapi,
    info: {
      ...main.info,
      title: 'Quarry: sibling services',
      description:
        'Paths Quarry forwards to its sibling services: the same method, path and query string, ' +
        'bodies streamed both ways, their status and headers passed through. Quarry checks the ' +
        'bearer token (when AUTH_REQUIRED) and the rate limit first; errors of its own are in ' +
        'the shape of ErrorBody. Quarry itself is described at /docs/json.',
    },
    servers: main.servers,
    tags: siblings.tags,
    paths: siblings.paths,
    components: {
      securitySchemes: main.components?.securitySchemes,
      schemas: { ErrorBody: main.components?.schemas?.ErrorBody ?? {} },
      ...siblings.components,
    },
  };
}

/**
 * The bearer requirement is the document's default (security at the top), written once instead
 * of on every protected operation; operations without it say so (security: []), as linters ask.
 */
function markPublicOperations(document: OpenAPIObject): void {
  document.security = [{ bearer: [] }];
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || !operation || !('responses' in operation)) continue;
      operation.security ??= [];
      if (JSON.stringify(operation.security) === JSON.stringify(document.security))
        delete operation.security;
    }
  }
}

const ANY_ERROR = {
  description: 'Unexpected failure, in the error shape.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

const DOCUMENT = {
  description: 'The document (OpenAPI 3.0).',
  content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
};

/** Served by Swagger's own Fastify routes (no guards, no rate limit); public like /health. */
const DOCUMENTATION_PATHS: OpenAPIObject['paths'] = {
  '/docs': {
    get: {
      operationId: 'getApiReference',
      tags: ['docs'],
      summary: 'Swagger UI for this document',
      description: 'The page; its selector also opens the document of the sibling services.',
      security: [],
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
      summary: 'This OpenAPI document',
      description: "Quarry's own API; the forwarded paths are in GET /docs/siblings/json.",
      security: [],
      responses: { '200': DOCUMENT, default: ANY_ERROR },
    },
  },
  '/docs/siblings/json': {
    get: {
      operationId: 'getSiblingsOpenApiDocument',
      tags: ['siblings'],
      summary: 'The OpenAPI document of the forwarded paths',
      description:
        'Every path forwarded to a sibling service, with each method it takes (HEAD and OPTIONS ' +
        'included) and any query parameters, for a client of its own.',
      security: [],
      responses: { '200': DOCUMENT, default: ANY_ERROR },
    },
  },
};
