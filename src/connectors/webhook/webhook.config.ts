import { registerAs } from '@nestjs/config';
import { IsBoolean, IsInt, IsOptional, IsString, Min, MinLength } from 'class-validator';
import { BooleanFlag } from '../../common/config/env-transformers';
import { validateEnv } from '../../common/config/validate-env';

// The interface's Limits table: 0 and unset both mean the default.
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_RETRY_DELAY_MS = 1_000;
const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
// With the reply limit, what one caller can make the service hold: 4 x 5 MiB.
const DEFAULT_MAX_CONCURRENT_PER_CLIENT = 4;
export const DEFAULT_WEBHOOK_USER_AGENT = 'Quarry-Webhook/0.1';

export class WebhookEnv {
  @IsOptional()
  @IsString()
  readonly WEBHOOK_SIGNING_SECRET?: string;

  @IsInt()
  @Min(0)
  readonly WEBHOOK_TIMEOUT_MS: number = 0;

  @IsInt()
  @Min(0)
  readonly WEBHOOK_MAX_RETRIES: number = 0;

  @IsInt()
  @Min(0)
  readonly WEBHOOK_RETRY_DELAY_MS: number = 0;

  @IsString()
  @MinLength(1)
  readonly WEBHOOK_USER_AGENT: string = DEFAULT_WEBHOOK_USER_AGENT;

  @IsInt()
  @Min(0)
  readonly WEBHOOK_MAX_RESPONSE_BYTES: number = 0;

  @BooleanFlag()
  @IsBoolean()
  readonly CONNECTOR_ALLOW_PRIVATE_NETWORKS: boolean = false;

  /** Connector actions one caller may run at once; 0 = no cap. */
  @IsInt()
  @Min(0)
  readonly CONNECTOR_MAX_CONCURRENT_PER_CLIENT: number = DEFAULT_MAX_CONCURRENT_PER_CLIENT;

  @BooleanFlag()
  @IsBoolean()
  readonly WEBHOOK_PROPAGATE_TRACE: boolean = false;
}

/** Settings of the outbound webhook connector, read once at start-up. */
export const webhookConfig = registerAs('webhook', () => {
  const env = validateEnv(WebhookEnv);
  return {
    defaultSecret: env.WEBHOOK_SIGNING_SECRET,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS || DEFAULT_TIMEOUT_MS,
    maxRetries: env.WEBHOOK_MAX_RETRIES || DEFAULT_MAX_RETRIES,
    retryDelayMs: env.WEBHOOK_RETRY_DELAY_MS || DEFAULT_RETRY_DELAY_MS,
    userAgent: env.WEBHOOK_USER_AGENT,
    maxResponseBytes: env.WEBHOOK_MAX_RESPONSE_BYTES || DEFAULT_MAX_RESPONSE_BYTES,
    allowPrivateNetworks: env.CONNECTOR_ALLOW_PRIVATE_NETWORKS,
    maxConcurrentPerCaller: env.CONNECTOR_MAX_CONCURRENT_PER_CLIENT,
    /** Targets are third parties: they get the W3C traceparent only when this is true. */
    propagateTrace: env.WEBHOOK_PROPAGATE_TRACE,
  };
});

export type WebhookConfig = ReturnType<typeof webhookConfig>;
