import { ConfigValidationError } from '../../common/config/config-validation.error';
import { webhookConfig } from './webhook.config';

const NAMES = [
  'WEBHOOK_SIGNING_SECRET',
  'WEBHOOK_TIMEOUT_MS',
  'WEBHOOK_MAX_RETRIES',
  'WEBHOOK_RETRY_DELAY_MS',
  'WEBHOOK_USER_AGENT',
  'WEBHOOK_MAX_RESPONSE_BYTES',
  'WEBHOOK_PROPAGATE_TRACE',
  'CONNECTOR_ALLOW_PRIVATE_NETWORKS',
  'CONNECTOR_MAX_CONCURRENT_PER_CLIENT',
];

function configWith(env: Record<string, string>): ReturnType<typeof webhookConfig> {
  const saved = NAMES.map((name) => [name, process.env[name]] as const);
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, env);
  try {
    return webhookConfig();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('webhookConfig', () => {
  const defaults = {
    defaultSecret: undefined,
    timeoutMs: 30_000,
    maxRetries: 3,
    retryDelayMs: 1_000,
    userAgent: 'Quarry-Webhook/0.1',
    maxResponseBytes: 5 * 1024 * 1024,
    allowPrivateNetworks: false,
    maxConcurrentPerCaller: 4,
    propagateTrace: false,
  };

  it('uses the Limits table defaults when nothing is set', () => {
    expect(configWith({})).toEqual(defaults);
  });

  it('treats 0 as unset for the timeout, MaxRetries, RetryDelay and the reply limit', () => {
    expect(
      configWith({
        WEBHOOK_TIMEOUT_MS: '0',
        WEBHOOK_MAX_RETRIES: '0',
        WEBHOOK_RETRY_DELAY_MS: '0',
        WEBHOOK_MAX_RESPONSE_BYTES: '0',
      }),
    ).toEqual(defaults);
  });

  it('keeps configured values', () => {
    expect(
      configWith({
        WEBHOOK_SIGNING_SECRET: 's3cret',
        WEBHOOK_TIMEOUT_MS: '1500',
        WEBHOOK_MAX_RETRIES: '5',
        WEBHOOK_RETRY_DELAY_MS: '250',
        WEBHOOK_USER_AGENT: 'Acme/1',
        WEBHOOK_MAX_RESPONSE_BYTES: '1024',
        CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_PROPAGATE_TRACE: 'true',
        CONNECTOR_MAX_CONCURRENT_PER_CLIENT: '0',
      }),
    ).toEqual({
      defaultSecret: 's3cret',
      timeoutMs: 1500,
      maxRetries: 5,
      retryDelayMs: 250,
      userAgent: 'Acme/1',
      maxResponseBytes: 1024,
      allowPrivateNetworks: true,
      maxConcurrentPerCaller: 0,
      propagateTrace: true,
    });
  });

  it.each([
    ['WEBHOOK_MAX_RETRIES', '-1'],
    ['WEBHOOK_TIMEOUT_MS', 'soon'],
    ['CONNECTOR_ALLOW_PRIVATE_NETWORKS', 'maybe'],
    ['CONNECTOR_MAX_CONCURRENT_PER_CLIENT', '-1'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    expect(() => configWith({ [name]: value })).toThrow(ConfigValidationError);
    expect(() => configWith({ [name]: value })).toThrow(new RegExp(`^${name}: `));
  });
});
