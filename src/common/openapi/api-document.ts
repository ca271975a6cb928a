import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { OpenAiErrorBody } from '../../completions/errors/openai-error-body';
import { proxyOpenApiPaths } from '../../proxy/proxy-openapi';
import type { ServerConfig } from '../config/app.config';
import { ErrorBody } from '../errors/error-body';
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
  return document;
}
