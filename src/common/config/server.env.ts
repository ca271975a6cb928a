import { isIP } from 'node:net';
import { IsIn, IsInt, IsOptional, IsUrl, Matches, Max, Min, ValidateBy } from 'class-validator';
import { CommaSeparated } from './env-transformers';
import { HTTP_URL } from './url-options';

/** An IPv4 or IPv6 address, or a host name of letters, digits, hyphens and dots. */
const HOST_NAME_OR_ADDRESS =
  /^(?:[0-9a-fA-F:.]+|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)$/;

/** true, false, a hop count, or addresses and CIDRs (10.0.0.0/8, ::1) that are valid ones. */
function isTrustProxy(value: string): boolean {
  if (/^(true|false|\d+)$/.test(value)) return true;
  return value.split(',').every((part) => {
    const [address, prefix, ...rest] = part.trim().split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
  });
}

/** How the HTTP server runs: the settings main.ts needs before Nest starts, validated once there. */
export class ServerEnv {
  @IsIn(['development', 'production', 'test'])
  readonly NODE_ENV: string = 'development';

  @IsInt()
  @Min(0)
  @Max(65535)
  readonly PORT: number = 3000;

  /** Unset: 127.0.0.1 outside production (this machine only), 0.0.0.0 in production (see app.config). */
  @IsOptional()
  @Matches(HOST_NAME_OR_ADDRESS, { message: 'HOST must be an IP address or a host name' })
  readonly HOST?: string;

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
  @IsUrl(
    { ...HTTP_URL, require_tld: false },
    {
      each: true,
      message: 'CORS_ORIGINS must be comma-separated origins such as https://app.example',
    },
  )
  readonly CORS_ORIGINS: string[] = [];

  @IsInt()
  @Min(0)
  readonly SHUTDOWN_TIMEOUT_MS: number = 10_000;

  /**
   * Whose X-Forwarded-* headers to believe: false (default: nobody, the socket address is the
   * client), true (everybody), a hop count, or comma-separated addresses/CIDRs of your proxies.
   */
  @ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isTrustProxy(value),
      defaultMessage: () =>
        'TRUST_PROXY must be true, false, a hop count or comma-separated addresses/CIDRs',
    },
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
}
