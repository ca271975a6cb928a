import {
  IsEnum,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { CommaSeparated } from './env-transformers';
import { DATABASE_URL, HTTP_URL, REDIS_URL } from './url-options';

export enum NewsRegion {
  America = 'america',
  Eu = 'eu',
  Russia = 'russia',
  China = 'china',
  Auto = 'auto',
}

/**
 * The settings of the interface's configuration table and the other settings it names.
 * Feature modules validate their own settings beside them (see each module's *.config.ts).
 */
export class Environment {
  @IsIn(['development', 'production', 'test'])
  readonly NODE_ENV: string = 'development';

  @IsInt()
  @Min(0)
  @Max(65535)
  readonly PORT: number = 3000;

  @IsString()
  readonly HOST: string = '0.0.0.0';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  readonly LOG_LEVEL: string = 'info';

  @IsInt()
  @Min(1024)
  readonly BODY_LIMIT_BYTES: number = 1024 * 1024;

  /** Deepest nesting of arrays/objects accepted in a JSON body; deeper bodies get 400. */
  @IsInt()
  @Min(1)
  @Max(10_000)
  readonly BODY_MAX_DEPTH: number = 64;

  /** Longest time a client may take to send a whole request (headers and body); 0 = no limit. */
  @IsInt()
  @Min(0)
  readonly REQUEST_TIMEOUT_MS: number = 300_000;

  @CommaSeparated()
  @IsString({ each: true })
  readonly CORS_ORIGINS: string[] = [];

  @IsInt()
  @Min(0)
  readonly SHUTDOWN_TIMEOUT_MS: number = 10_000;

  /**
   * Whose X-Forwarded-* headers to believe: false (default: nobody, the socket address is the
   * client), true (everybody), a hop count, or comma-separated addresses/CIDRs of your proxies.
   */
  @Matches(/^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
    message: 'TRUST_PROXY must be true, false, a hop count or comma-separated addresses/CIDRs',
  })
  readonly TRUST_PROXY: string = 'false';

  /**
   * The `servers` URL of the OpenAPI document: where generated clients and Swagger UI send calls.
   * Relative by default, so the document works behind any host name.
   */
  @Matches(/^(\/|https?:\/\/\S+)\S*$/, {
    message: 'OPENAPI_SERVER_URL must be an http(s) URL or a path starting with /',
  })
  readonly OPENAPI_SERVER_URL: string = '/';

  // Sibling services (interface table, then the ones it leaves without an address).
  @IsUrl(HTTP_URL) readonly DISCOVER_SVC_URL: string = 'http://localhost:3002';
  @IsUrl(HTTP_URL) readonly SEARCH_SVC_URL: string = 'http://localhost:3001';
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

  @IsEnum(NewsRegion)
  readonly NEWS_REGION: NewsRegion = NewsRegion.Auto;

  @IsUrl(HTTP_URL)
  readonly BILLING_RETURN_URL: string = 'http://localhost:3000/profile?tab=billing';

  // Infrastructure and secrets named by the interface.
  @IsOptional() @IsUrl(REDIS_URL) readonly REDIS_URL?: string;
  @IsOptional() @IsUrl(HTTP_URL) readonly SEARXNG_URL?: string;

  @CommaSeparated()
  @IsUrl(HTTP_URL, { each: true })
  readonly SEARXNG_FALLBACK_URLS: string[] = [];

  @IsOptional() @IsUrl(HTTP_URL) readonly BLOG_CONTENT_URL?: string;
  @IsOptional() @IsString() readonly BLOG_CONTENT_KEY?: string;
  @IsOptional() @IsString() readonly FINANCE_API_KEY?: string;
  @IsOptional() @IsString() readonly PAYMENT_SHOP_ID?: string;
  @IsOptional() @IsString() readonly PAYMENT_SECRET?: string;
  @IsOptional() @IsUrl(DATABASE_URL) readonly DATABASE_URL?: string;
}
