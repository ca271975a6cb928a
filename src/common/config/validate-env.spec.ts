import { Environment } from './environment';
import { ConfigValidationError } from './config-validation.error';
import { validateEnv } from './validate-env';

describe('validateEnv(Environment)', () => {
  it('gives every setting of the interface its default', () => {
    const env = validateEnv(Environment, {});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DISCOVER_SVC_URL: 'http://localhost:3002',
      SEARCH_SVC_URL: 'http://localhost:3001',
      CHAT_SVC_URL: 'http://localhost:3005',
      MEMORY_SVC_URL: 'http://localhost:3010',
      CREATE_SVC_URL: 'http://localhost:3011',
      NOTIFICATIONS_SVC_URL: 'http://localhost:3013',
      BILLING_SVC_URL: 'http://localhost:3008',
      AUTH_SERVICE_URL: 'http://localhost:3014',
      NEWS_REGION: 'auto',
      BODY_LIMIT_BYTES: 1048576,
      SEARXNG_FALLBACK_URLS: [],
      CORS_ORIGINS: [],
    });
  });

  it('splits comma-separated lists and converts numbers', () => {
    const env = validateEnv(Environment, {
      PORT: '8080',
      SEARXNG_FALLBACK_URLS: 'http://a:8080, http://b:8080,',
      CORS_ORIGINS: 'https://x.example',
    });
    expect(env.PORT).toBe(8080);
    expect(env.SEARXNG_FALLBACK_URLS).toEqual(['http://a:8080', 'http://b:8080']);
    expect(env.CORS_ORIGINS).toEqual(['https://x.example']);
  });

  it.each([
    ['PORT', '70000', /PORT: .*65535/],
    ['PORT', 'eighty', /PORT: /],
    ['NEWS_REGION', 'mars', /NEWS_REGION: .*(america|one of)/],
    ['DISCOVER_SVC_URL', 'not a url', /DISCOVER_SVC_URL: .*URL/],
    ['REDIS_URL', 'http://localhost:6379', /REDIS_URL: .*URL/],
    ['SEARXNG_FALLBACK_URLS', 'http://ok:1,::bad::', /SEARXNG_FALLBACK_URLS: /],
  ])('rejects %s=%s with one line naming the variable', (name, value, pattern) => {
    const run = () => validateEnv(Environment, { [name]: value });
    expect(run).toThrow(ConfigValidationError);
    try {
      run();
    } catch (error) {
      expect((error as Error).message).toMatch(pattern);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('treats an empty value as unset', () => {
    expect(validateEnv(Environment, { PORT: '', REDIS_URL: '  ' })).toMatchObject({
      PORT: 3000,
      REDIS_URL: undefined,
    });
  });
});
