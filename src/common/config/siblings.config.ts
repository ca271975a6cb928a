import { registerAs } from '@nestjs/config';
import { IsOptional, IsUrl } from 'class-validator';
import { HTTP_URL } from './url-options';
import { validateEnv } from './validate-env';

/**
 * Addresses of the cooperating services. Here, not in one module, because three use them: the
 * proxy forwards to every sibling, auth validates tokens at the auth service, search may query
 * the search sibling instead of SearxNG.
 */
export class SiblingsEnv {
  @IsUrl(HTTP_URL) readonly DISCOVER_SVC_URL: string = 'http://localhost:3002';
  /** No default here: search uses the sibling only when this is set explicitly. */
  @IsOptional() @IsUrl(HTTP_URL) readonly SEARCH_SVC_URL?: string;
  @IsUrl(HTTP_URL) readonly CHAT_SVC_URL: string = 'http://localhost:3005';
  @IsUrl(HTTP_URL) readonly MEMORY_SVC_URL: string = 'http://localhost:3010';
  @IsUrl(HTTP_URL) readonly CREATE_SVC_URL: string = 'http://localhost:3011';
  @IsUrl(HTTP_URL) readonly NOTIFICATIONS_SVC_URL: string = 'http://localhost:3013';
  @IsUrl(HTTP_URL) readonly BILLING_SVC_URL: string = 'http://localhost:3008';
  @IsUrl(HTTP_URL) readonly AUTH_SERVICE_URL: string = 'http://localhost:3014';
  @IsUrl(HTTP_URL) readonly LIBRARY_SVC_URL: string = 'http://localhost:3003';
  @IsUrl(HTTP_URL) readonly FINANCE_SVC_URL: string = 'http://localhost:3004';
  @IsUrl(HTTP_URL) readonly PROJECTS_SVC_URL: string = 'http://localhost:3006';
  @IsUrl(HTTP_URL) readonly TRAVEL_SVC_URL: string = 'http://localhost:3007';
  @IsUrl(HTTP_URL) readonly AUDIT_SVC_URL: string = 'http://localhost:3012';
}

/** The default address of the search sibling, proxied to even when search does not use it. */
const SEARCH_SVC_DEFAULT = 'http://localhost:3001';

/** Addresses of the cooperating services, keyed by the sibling's name. */
export const siblingsConfig = registerAs('siblings', () => {
  const env = validateEnv(SiblingsEnv);
  return {
    urls: {
      discover: env.DISCOVER_SVC_URL,
      search: env.SEARCH_SVC_URL ?? SEARCH_SVC_DEFAULT,
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
    searchSvcExplicit: env.SEARCH_SVC_URL !== undefined,
  };
});

export type SiblingsConfig = ReturnType<typeof siblingsConfig>;
export type SiblingName = keyof SiblingsConfig['urls'];
