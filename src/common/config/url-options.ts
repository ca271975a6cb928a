import type { IsUrl } from 'class-validator';

type IsURLOptions = NonNullable<Parameters<typeof IsUrl>[0]>;

/** Service addresses may be bare host names (localhost, a compose service name), so no TLD is required. */
export const HTTP_URL: IsURLOptions = {
  protocols: ['http', 'https'],
  require_protocol: true,
  require_tld: false,
  require_valid_protocol: true,
};

export const REDIS_URL: IsURLOptions = { ...HTTP_URL, protocols: ['redis', 'rediss'] };
