// First: the OpenTelemetry SDK (when configured) must patch modules before anything loads them.
import './observability/tracing/register-tracing';
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import { createApp, shutdownGracefully } from './app.setup';
import { serverConfig } from './common/config/app.config';
import { ConfigValidationError } from './common/config/config-validation.error';
import { StartupFacts } from './common/logging/startup-facts';
import { stopTracing, tracingSettingsProblem } from './observability/tracing/tracing.bootstrap';

async function bootstrap(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');

  const tracingProblem = tracingSettingsProblem();
  if (tracingProblem) return fail(new ConfigValidationError(tracingProblem));
  let server;
  try {
    server = serverConfig();
  } catch (error) {
    return fail(error);
  }
  // The server settings validated above build the adapter; Nest's ConfigModule gets the same result.
  const app = await createApp(undefined, server).catch(fail);
  if (!app) return;
  // One "listening at" line per address (each interface for 0.0.0.0), then what else a person
  // starting the service needs to know, one line per fact.
  try {
    await app.listen({
      port: server.port,
      host: server.host,
      listenTextResolver: (address) => `listening at ${address}`,
    });
  } catch (error) {
    // A port in use or a host that is not this machine's: the settings to change, in one line.
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return fail(
      new ConfigValidationError(
        `HOST, PORT: cannot listen on ${server.host}:${server.port} (${reason})`,
      ),
    );
  }
  app.get(StartupFacts).print();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    new Logger('Main').log(`received ${signal}`);
    void shutdownGracefully(app, server.shutdownTimeoutMs)
      .then(() => stopTracing())
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/** A configuration error is one plain line naming the variable; anything else keeps its stack. */
function fail(error: unknown): undefined {
  if (error instanceof ConfigValidationError) {
    process.stderr.write(`quarry: invalid configuration: ${error.message}\n`);
  } else {
    // Whatever Nest logged while starting helps to read an unexpected failure.
    Logger.flush();
    process.stderr.write(
      `quarry: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
}

void bootstrap();
