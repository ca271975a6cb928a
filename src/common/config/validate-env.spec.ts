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

  it('splits comma-separated lists and converts numbers', () => {
    expect(
      validateEnv(ServerEnv, { PORT: '8080', CORS_ORIGINS: 'https://x.example' }),
    ).toMatchObject({ PORT: 8080, CORS_ORIGINS: ['https://x.example'] });
  });

  it.each([
    [ServerEnv, 'PORT', '70000', /PORT: .*65535/],
    [ServerEnv, 'PORT', 'eighty', /PORT: /],
    [SiblingsEnv, 'DISCOVER_SVC_URL', 'not a url', /DISCOVER_SVC_URL: .*URL/],
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
