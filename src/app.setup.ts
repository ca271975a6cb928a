import fastifyMultipart from '@fastify/multipart';
import { Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { LogController } from 'fastify';
import type { Logger as Pino } from 'pino';
import { AppModule } from './app.module';
import { serverConfig, type ServerConfig } from './common/config/app.config';
import { ErrorResponder } from './common/filters/error-responder';
import { FastifyServedRoutes } from './common/http/fastify-served-routes';
import { lifecycleErrorHandler } from './common/filters/lifecycle-error.handler';
import { BodyTooDeepError, nestedDeeperThan } from './common/http/body-depth';
import { refuseNonJsonBodies } from './common/http/json-only-bodies';
import { REQUEST_ID_HEADER, requestIdFor } from './common/http/request-id';
import { securityHeaders } from './common/http/security-headers';
import { lazyChildLoggerFactory } from './common/logging/lazy-request-logger';
import { createPinoLogger } from './common/logging/pino-logger.factory';
import { documentsConfig, MULTIPART_ROUTES } from './documents';
import { buildApiDocument } from './openapi/api-document';
import { PinoNestLogger } from './common/logging/pino-nest.logger';
import { SIBLING_BY_ROUTE_PATH } from './proxy/sibling-routes';

export interface AdapterBundle {
  readonly adapter: FastifyAdapter;
  readonly logger: Pino;
  readonly server: ServerConfig;
}

/** The Fastify adapter with the options that must exist before Nest starts: body limit, logger, request ids. */
export function createFastifyAdapter(
  logger?: Pino,
  server: ServerConfig = serverConfig(),
): AdapterBundle {
  const pino = logger ?? createPinoLogger(server.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: pino,
    // request.log becomes a pino child only when the request logs something.
    childLoggerFactory: lazyChildLoggerFactory,
    // Quarry uses no Nest middleware (cross-cutting work is in guards and Fastify hooks), so the
    // Express-style middleware runner, one more hook on every request, is not registered.
    skipMiddie: true,
    bodyLimit: server.bodyLimitBytes,
    genReqId: requestIdFor,
    // One line per request is written in onResponse below, with the fields operators search by.
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: true,
    }),
    // Rate limits key on the client address: only configured proxies may set it by header.
    trustProxy: server.trustProxy,
    return503OnClosing: true,
    // Fastify turns Node's request timeout off by default: a client trickling a body would hold a
    // connection forever. Node applies it only when given at creation (which also caps the headers
    // timeout) and checks on an interval, so check often enough for the limit.
    requestTimeout: server.requestTimeoutMs,
    http: {
      requestTimeout: server.requestTimeoutMs,
      connectionsCheckingInterval:
        server.requestTimeoutMs > 0
          ? Math.min(30_000, Math.max(100, server.requestTimeoutMs / 4))
          : 30_000,
    },
  });
  return { adapter, logger: pino, server };
}

/** Everything main.ts and the end-to-end tests share once the Nest application exists. */
export function configureApp(app: NestFastifyApplication, bundle: AdapterBundle): void {
  app.useLogger(new PinoNestLogger(bundle.logger));
  const security = securityHeaders();
  const fastify = app.getHttpAdapter().getInstance();
  // Errors raised before Nest's handler (body parsing, hooks) get the error shape on every route.
  const onError = lifecycleErrorHandler(app.get(ErrorResponder));
  fastify.addHook('onRoute', (route) => {
    route.errorHandler ??= onError;
  });
  // Before app.init() registers the controllers' routes: some are served as plain Fastify handlers.
  app.get(FastifyServedRoutes).attach(fastify);
  // Checked before validation: class-transformer recurses and would overflow on a hostile body.
  fastify.addHook('preValidation', (request, _reply, done) => {
    done(
      nestedDeeperThan(request.body, bundle.server.bodyMaxDepth)
        ? new BodyTooDeepError(bundle.server.bodyMaxDepth)
        : undefined,
    );
  });

  // Unknown routes stay a 404; proxied bodies of any type stream on; uploads are multipart.
  refuseNonJsonBodies(
    fastify,
    (request) =>
      request.routeOptions.url === undefined ||
      SIBLING_BY_ROUTE_PATH.has(request.routeOptions.url) ||
      (MULTIPART_ROUTES.has(request.routeOptions.url) &&
        /^multipart\/form-data/i.test(request.headers['content-type'] ?? '')),
  );
  // Files are read as streams and stopped at FILES_MAX_BYTES, whatever BODY_LIMIT_BYTES is.
  const documents = app.get<ConfigType<typeof documentsConfig>>(documentsConfig.KEY);
  void app.register(fastifyMultipart as never, {
    limits: { fileSize: documents.maxFileBytes, files: 20, fields: 20, parts: 40 },
  });

  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id).headers(security.always);
    // request.protocol is "https" for a TLS socket, or per X-Forwarded-Proto from a trusted proxy.
    if (request.protocol === 'https') void reply.headers(security.httpsOnly);
    done();
  });
  // The level is fixed at start-up: below info the hook would only cost every request a call.
  if (bundle.logger.isLevelEnabled('info')) {
    fastify.addHook('onResponse', (request, reply, done) => {
      const queryAt = request.url.indexOf('?');
      // Path only: query strings can carry keys, and they are not needed to find a request.
      request.log.info(
        {
          method: request.method,
          path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request completed',
      );
      done();
    });
  }

  if (bundle.server.corsOrigins.length > 0) {
    app.enableCors({
      origin: bundle.server.corsOrigins,
      credentials: true,
      exposedHeaders: [REQUEST_ID_HEADER],
    });
  }

  // Built on the first request for it: the document is a few MiB of heap the request path never uses.
  SwaggerModule.setup('docs', app, () => buildApiDocument(app, bundle.server), {
    jsonDocumentUrl: 'docs/json',
    yamlDocumentUrl: 'docs/yaml',
  });
}

/** Builds the whole application the way production runs it. */
export async function createApp(
  logger?: Pino,
  server?: ServerConfig,
): Promise<NestFastifyApplication> {
  const bundle = createFastifyAdapter(logger, server);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, bundle.adapter, {
    bufferLogs: true,
    // Buffered start-up logs are written only once the application exists: a module that refuses
    // its configuration fails with one line from main.ts, not that line plus Nest's log of it.
    autoFlushLogs: false,
    abortOnError: false,
    logger: new PinoNestLogger(bundle.logger),
  });
  configureApp(app, bundle);
  app.flushLogs();
  await app.init();
  return app;
}

/**
 * Stops accepting, lets in-flight requests and streams finish, and resolves; gives up waiting after
 * the timeout so a stuck client cannot hold the process forever.
 */
export async function shutdownGracefully(
  app: NestFastifyApplication,
  timeoutMs: number,
): Promise<'clean' | 'timeout'> {
  const logger = new Logger('Shutdown');
  logger.log(`closing: waiting up to ${timeoutMs} ms for in-flight requests`);
  const server = app.getHttpServer();
  // Node closes idle keep-alive sockets only at the moment close() is called; a request finishing
  // later leaves its socket idle and open, so sweep until the server is closed.
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([app.close().then(() => 'clean' as const), timeout]);
  clearTimeout(timer);
  clearInterval(sweeper);
  if (outcome === 'timeout') {
    logger.warn('in-flight requests still open at the shutdown timeout; closing them');
    server.closeAllConnections();
  }
  return outcome;
}
