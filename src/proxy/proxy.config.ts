import { registerAs } from '@nestjs/config';
import { IsInt, Min } from 'class-validator';
import { validateEnv } from '../common/config/validate-env';

class ProxyEnv {
  /** How long a sibling may take to send its status line and headers. */
  @IsInt()
  @Min(1)
  readonly PROXY_TIMEOUT_MS: number = 30_000;
}

export const proxyConfig = registerAs('proxy', () => {
  const env = validateEnv(ProxyEnv);
  return {
    timeoutMs: env.PROXY_TIMEOUT_MS,
    // Streams (server-sent events, NDJSON, large downloads) may pause between chunks; a sibling silent
    // this long mid-body is treated as stuck and its reply is cut.
    bodyIdleTimeoutMs: 300_000,
  };
});

export type ProxyConfig = ReturnType<typeof proxyConfig>;
