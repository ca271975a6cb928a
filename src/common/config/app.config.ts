import { registerAs } from '@nestjs/config';
import { Environment } from './environment';
import { validateEnv } from './validate-env';

/** How the HTTP server itself runs. */
export const serverConfig = registerAs('server', () => {
  const env = validateEnv(Environment);
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

/** Addresses of the cooperating services, keyed by the sibling's name. */
export const siblingsConfig = registerAs('siblings', () => {
  const env = validateEnv(Environment);
  return {
    urls: {
      discover: env.DISCOVER_SVC_URL,
      search: env.SEARCH_SVC_URL,
      chat: env.CHAT_SVC_URL,
      memory: env.MEMORY_SVC_URL,
      create: env.CREATE_SVC_URL,
      notifications: env.NOTIFICATIONS_SVC_URL,
      billing: env.BILLING_SVC_URL,
      auth: env.AUTH_SERVICE_URL,
      library: env.LIBRARY_SVC_URL,
      finance: env.FINANCE_SVC_URL,
      projects: env.PROJECTS_SVC_URL,
      travel: env.TRAVEL_SVC_URL,
      audit: env.AUDIT_SVC_URL,
    },
    /** True only when SEARCH_SVC_URL was set, so search goes through the sibling instead of SearxNG. */
    searchSvcExplicit: Boolean(process.env.SEARCH_SVC_URL?.trim()),
    newsRegion: env.NEWS_REGION,
    billingReturnUrl: env.BILLING_RETURN_URL,
  };
});

/** Shared infrastructure and the secrets the interface names. */
export const infraConfig = registerAs('infra', () => {
  const env = validateEnv(Environment);
  return {
    redisUrl: env.REDIS_URL,
    searxngUrls: [env.SEARXNG_URL, ...env.SEARXNG_FALLBACK_URLS].filter((url): url is string =>
      Boolean(url),
    ),
    databaseUrl: env.DATABASE_URL,
    blogContentUrl: env.BLOG_CONTENT_URL,
    blogContentKey: env.BLOG_CONTENT_KEY,
    financeApiKey: env.FINANCE_API_KEY,
    paymentShopId: env.PAYMENT_SHOP_ID,
    paymentSecret: env.PAYMENT_SECRET,
  };
});

export type ServerConfig = ReturnType<typeof serverConfig>;
export type SiblingsConfig = ReturnType<typeof siblingsConfig>;
export type InfraConfig = ReturnType<typeof infraConfig>;
export type SiblingName = keyof SiblingsConfig['urls'];

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}
