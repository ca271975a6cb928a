import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../../src/app.module';
import { configureApp, createFastifyAdapter } from '../../src/app.setup';
import { createPinoLogger } from '../../src/common/logging/pino-logger.factory';
import { throwAwayPostgresSchema } from './throw-away-postgres-schema';

export interface TestApp {
  readonly app: NestFastifyApplication;
  /** Base URL when started with listen: true (a real port on 127.0.0.1), else ''. */
  readonly url: string;
  /** Every log line written while the app ran, parsed (only when captureLogs is true). */
  readonly logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment for this app only; undefined removes a variable. Restored on close. */
  readonly env?: Record<string, string | undefined>;
  readonly override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  /** Extra modules mounted beside AppModule (test-only routes). */
  readonly imports?: unknown[];
  readonly listen?: boolean;
  readonly captureLogs?: boolean;
}

/** Boots the real AppModule with the same configureApp() as main.ts, on the Fastify adapter. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await localDocsDatabase(options.env ?? {});
  const restoreEnv = applyEnv({
    ...(options.captureLogs ? { LOG_LEVEL: 'info' } : {}),
    ...database.env,
    ...options.env,
  });
  const cleanUp = async () => {
    restoreEnv();
    await database.drop();
  };
  const logs: Array<Record<string, unknown>> = [];
  try {
    let builder = Test.createTestingModule({
      imports: [AppModule, ...((options.imports ?? []) as never[])],
    });
    if (options.override) builder = options.override(builder);
    const moduleRef = await builder.compile();
    const logger = options.captureLogs
      ? createPinoLogger('info', captureInto(logs))
      : createPinoLogger(process.env.LOG_LEVEL ?? 'silent');
    const bundle = createFastifyAdapter(logger);
    const app = moduleRef.createNestApplication<NestFastifyApplication>(bundle.adapter, {
      logger: false,
    });
    configureApp(app, bundle);
    await app.init();
    let url = '';
    if (options.listen) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.getHttpServer().address() as AddressInfo;
      url = `http://127.0.0.1:${address.port}`;
    } else {
      await app.getHttpAdapter().getInstance().ready();
    }
    return {
      app,
      url,
      logs,
      close: async () => {
        try {
          await app.close();
        } finally {
          await cleanUp();
        }
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * With DATABASE_URL set (as in CI), LOCAL_DOCS_DIR goes into the database by default, where test
 * files running at once with different folders would replace each other's (the last sync wins).
 * A test that names LOCAL_DOCS_DIR (it searches local documents) gets a schema of its own, so it
 * runs as a deployment with PostgreSQL does; any other keeps the folder in memory rather than
 * ingest docs/ for nothing. A test setting DATABASE_URL or LOCAL_DOCS_IN_DATABASE decides itself.
 */
async function localDocsDatabase(
  env: Record<string, string | undefined>,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  const none = { env: {}, drop: () => Promise.resolve() };
  if (!base || 'DATABASE_URL' in env || 'LOCAL_DOCS_IN_DATABASE' in env) return none;
  if (!('LOCAL_DOCS_DIR' in env)) return { ...none, env: { LOCAL_DOCS_IN_DATABASE: 'false' } };
  const schema = await throwAwayPostgresSchema(base, 'quarry_test_app');
  return { env: { DATABASE_URL: schema.url }, drop: schema.drop };
}

/** Sets variables and returns a function putting the previous values back. */
export function applyEnv(env: Record<string, string | undefined>): () => void {
  const previous: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    previous[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  return () => {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

function captureInto(lines: Array<Record<string, unknown>>): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
}
