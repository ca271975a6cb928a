import { registerAs } from '@nestjs/config';
import { ServerEnv } from './server.env';
import { validateEnv } from './validate-env';

/** How the HTTP server itself runs. */
export const serverConfig = registerAs('server', () => {
  const env = validateEnv(ServerEnv);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    bodyMaxDepth: env.BODY_MAX_DEPTH,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    corsOrigins: env.CORS_ORIGINS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    openApiServerUrl: env.OPENAPI_SERVER_URL,
  };
});

export type ServerConfig = ReturnType<typeof serverConfig>;

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}
