import { ConfigValidationError } from './config-validation.error';
import { ServerEnv } from './server.env';
import { SiblingsEnv } from './siblings.config';
import { validateEnv } from './validate-env';

describe('validateEnv', () => {
  it('gives every server and sibling setting its default', () => {
    expect(validateEnv(ServerEnv, {})).toMatchObject({
      PORT: 3000,
      // HOST's default depends on NODE_ENV: app.config.spec.ts.
      HOST: undefined,
      BODY_LIMIT_BYTES: 1048576,
      CORS_ORIGINS: [],
    });
    expect(validateEnv(SiblingsEnv, {})).toMatchObject({
      DISCOVER_SVC_URL: 'http://localhost:3002',
      CHAT_SVC_URL: 'http://localhost:3005',
      MEMORY_SVC_URL: 'http://localhost:3010',
      CREATE_SVC_URL: 'http://localhost:3011',
      NOTIFICATIONS_SVC_URL: 'http://localhost:3013',
      BILLING_SVC_URL: 'http://localhost:3008',
      AUTH_SERVICE_URL: 'http://localhost:3014',
    });
  });

  it('takes the addresses, CIDRs and hosts people write', () => {
    expect(
      validateEnv(ServerEnv, {
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8',
        HOST: 'quarry-api.internal',
        CORS_ORIGINS: 'http://localhost:5173,https://app.example.com',
      }),
    ).toMatchObject({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' });
    for (const host of ['0.0.0.0', '::', '::1', 'localhost']) {
      expect(validateEnv(ServerEnv, { HOST: host })).toMatchObject({ HOST: host });
    }
  });

  it('splits comma-separated lists and converts numbers', () => {
    expect(
      validateEnv(ServerEnv, { PORT: '8080', CORS_ORIGINS: 'https://x.example' }),
    ).toMatchObject({ PORT: 8080, CORS_ORIGINS: ['https://x.example'] });
  });

  it.each([
    [ServerEnv, 'PORT', '70000', /PORT: .*65535/],
    [ServerEnv, 'PORT', 'eighty', /PORT: /],
    [SiblingsEnv, 'DISCOVER_SVC_URL', 'not a url', /DISCOVER_SVC_URL: .*URL/],
    [ServerEnv, 'TRUST_PROXY', '10.0.0.0/33', /TRUST_PROXY: /],
    // Not a number: that, and not also the range it is out of.
    [ServerEnv, 'PORT', 'abc', /^PORT: PORT must be an integer number$/],
    [ServerEnv, 'TRUST_PROXY', '10.0.0.300', /TRUST_PROXY: /],
  ] as const)(
    'rejects %p %s=%s with one line naming the variable',
    (envClass, name, value, pattern) => {
      const run = () => validateEnv(envClass as new () => object, { [name]: value });
      expect(run).toThrow(ConfigValidationError);
      try {
        run();
      } catch (error) {
        expect((error as Error).message).toMatch(pattern);
        expect((error as Error).message).not.toContain('\n');
      }
    },
  );

  it('treats an empty value as unset', () => {
    expect(validateEnv(ServerEnv, { PORT: '' })).toMatchObject({ PORT: 3000 });
  });
});
