import { registerAs } from '@nestjs/config';
import { ServerEnv } from './server.env';
import { validateEnv } from './validate-env';

const SERVER_KEYS = Object.keys(new ServerEnv());
let lastRead: { readonly snapshot: string; readonly settings: ServerSettings } | undefined;

/**
 * How the HTTP server itself runs. main.ts needs these before Nest starts and Nest's ConfigModule
 * asks again: the same environment is validated once; a changed one (an in-process test starting
 * an app with its own variables) is validated anew.
 */
export const serverConfig = registerAs('server', (): ServerSettings => {
  const snapshot = SERVER_KEYS.map((key) => process.env[key] ?? '').join('\u0000');
  if (lastRead?.snapshot !== snapshot) lastRead = { snapshot, settings: readServerSettings() };
  return lastRead.settings;
});

export type ServerConfig = ServerSettings;

function readServerSettings() {
  const env = validateEnv(ServerEnv);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST ?? defaultHost(env.NODE_ENV),
    /** True when HOST was not set and the default above applies. */
    hostDefaulted: env.HOST === undefined,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    bodyMaxDepth: env.BODY_MAX_DEPTH,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    corsOrigins: env.CORS_ORIGINS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    openApiServerUrl: env.OPENAPI_SERVER_URL,
  };
}

type ServerSettings = ReturnType<typeof readServerSettings>;

/**
 * Safe by default: a development or test instance, usually with authentication off, is reachable
 * from this machine only. Production (containers set HOST anyway) listens on every interface.
 */
function defaultHost(nodeEnv: string): string {
  return nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1';
}

/** Fastify's trustProxy: whether a peer at a given hop from the service may set X-Forwarded-*. */
type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) {
    // A hop count trusts the nearest N peers whatever their address, as documented. Fastify 5.12
    // turned a numeric trustProxy into "trust nobody", so the count is given as the function it
    // used to build from one.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}
