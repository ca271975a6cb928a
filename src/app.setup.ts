import fastifyMultipart from '@fastify/multipart';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ConfigType } from '@nestjs/config';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { LogController } from 'fastify';
import type { Logger as Pino } from 'pino';
import { AppModule } from './app.module';
import { serverConfig, type ServerConfig } from './common/config/app.config';
import { FastifyRoutesExplorer } from './auth/fastify-routes.explorer';
import { clientErrorHandler } from './common/filters/client-error.handler';
import { ErrorResponder } from './common/filters/error-responder';
import { FrameworkErrorHandler } from './common/filters/framework-error.handler';
import { lifecycleErrorHandler } from './common/filters/lifecycle-error.handler';
import { BodyTooDeepError, nestedDeeperThan } from './common/http/body-depth';
import { registerBodyChoice } from './common/http/body-choice';
import { continueExpectation } from './common/http/continue-expectation';
import { parseJsonBody } from './common/http/json-body.parser';
import { MissingHostError } from './common/http/missing-host.error';
import { REQUEST_ID_HEADER, requestIdFor } from './common/http/request-id';
import {
  securityHeaders,
  setReplyHeaders,
  type SecurityHeaders,
} from './common/http/security-headers';
import { lazyChildLoggerFactory } from './common/logging/lazy-request-logger';
import { createPinoLogger } from './common/logging/pino-logger.factory';
import { documentsConfig } from './documents';
import { buildApiDocument, buildSiblingsDocument } from './openapi/api-document';
import { proxyConfig, siblingsOpenApi } from './proxy';
import { PinoNestLogger } from './common/logging/pino-nest.logger';

export interface AdapterBundle {
  readonly adapter: FastifyAdapter;
  readonly logger: Pino;
  readonly server: ServerConfig;
  readonly security: SecurityHeaders;
  readonly frameworkErrors: FrameworkErrorHandler;
}

/** The Fastify adapter with the options that must exist before Nest starts: body limit, logger, request ids. */
export function createFastifyAdapter(
  logger?: Pino,
  server: ServerConfig = serverConfig(),
): AdapterBundle {
  const pino = logger ?? createPinoLogger(server.logLevel);
  const security = securityHeaders();
  const frameworkErrors = new FrameworkErrorHandler(security);
  const adapter = new FastifyAdapter({
    loggerInstance: pino,
    // request.log becomes a pino child only when the request logs something.
    childLoggerFactory: lazyChildLoggerFactory,
    // Quarry uses no Nest middleware (cross-cutting work is in guards and Fastify hooks), so the
    // Express-style middleware runner, one more hook on every request, is not registered.
    skipMiddie: true,
    bodyLimit: server.bodyLimitBytes,
    genReqId: requestIdFor,
    // Fastify's own answers before a route exists, and Node's to broken HTTP, in the error shape.
    frameworkErrors: frameworkErrors.handle,
    clientErrorHandler: clientErrorHandler(security),
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
      // Node answers a request without Host with a bare 400; the onRequest hook answers it in the
      // error shape instead.
      requireHostHeader: false,
      requestTimeout: server.requestTimeoutMs,
      connectionsCheckingInterval:
        server.requestTimeoutMs > 0
          ? Math.min(30_000, Math.max(100, server.requestTimeoutMs / 4))
          : 30_000,
    },
  });
  return { adapter, logger: pino, server, security, frameworkErrors };
}

/** Everything main.ts and the end-to-end tests share once the Nest application exists. */
export function configureApp(app: NestFastifyApplication, bundle: AdapterBundle): void {
  app.useLogger(new PinoNestLogger(bundle.logger));
  const { security } = bundle;
  const fastify = app.getHttpAdapter().getInstance();
  // Errors raised before Nest's handler (body parsing, hooks) get the error shape on every route.
  const responder = app.get(ErrorResponder);
  const onError = lifecycleErrorHandler(responder);
  fastify.addHook('onRoute', (route) => {
    route.errorHandler ??= onError;
  });
  bundle.frameworkErrors.bind(responder);
  // Before app.init() registers the controllers' routes: authentication before the body, the body
  // policy, and the routes served as plain Fastify handlers.
  app.get(FastifyRoutesExplorer).attach(fastify);
  // Only JSON is parsed (refuseNonJsonBody answers any other type with 415 first, and the proxy
  // streams its bodies unparsed): Nest's own parsers are not registered once this one is.
  app.useBodyParser('application/json', {}, parseJsonBody);
  registerBodyChoice(fastify);
  // Uploads (@MultipartBody routes) are read as streams and stopped at FILES_MAX_BYTES, whatever
  // BODY_LIMIT_BYTES is.
  const documents = app.get<ConfigType<typeof documentsConfig>>(documentsConfig.KEY);
  void app.register(fastifyMultipart as never, {
    limits: { fileSize: documents.maxFileBytes, files: 20, fields: 20, parts: 40 },
  });
  continueExpectation(fastify.server);
  // Checked before validation: class-transformer recurses and would overflow on a hostile body.
  fastify.addHook('preValidation', (request, _reply, done) => {
    done(
      nestedDeeperThan(request.body, bundle.server.bodyMaxDepth)
        ? new BodyTooDeepError(bundle.server.bodyMaxDepth)
        : undefined,
    );
  });

  fastify.addHook('onRequest', (request, reply, done) => {
    setReplyHeaders(request, reply, security);
    const { raw } = request;
    done(
      raw.headers.host === undefined && raw.httpVersionMajor === 1 && raw.httpVersionMinor === 1
        ? new MissingHostError()
        : undefined,
    );
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

  // Built on the first request for it: the document is heap the request path never uses.
  let built: OpenAPIObject | undefined;
  const apiDocument = () => (built ??= buildApiDocument(app, bundle.server));
  SwaggerModule.setup('docs', app, apiDocument, {
    jsonDocumentUrl: 'docs/json',
    yamlDocumentUrl: 'docs/yaml',
    // The UI opens on Quarry's own API; its selector offers the forwarded paths.
    explorer: true,
    swaggerOptions: {
      urls: [
        { url: '/docs/json', name: 'Quarry' },
        { url: '/docs/siblings/json', name: 'Sibling services' },
      ],
    },
  });
  const siblingsDocument = () => {
    const { timeoutMs } = app.get<ConfigType<typeof proxyConfig>>(proxyConfig.KEY);
    return buildSiblingsDocument(apiDocument(), siblingsOpenApi(timeoutMs));
  };
  SwaggerModule.setup('docs/siblings', app, siblingsDocument, {
    ui: false,
    raw: ['json'],
    jsonDocumentUrl: 'docs/siblings/json',
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
