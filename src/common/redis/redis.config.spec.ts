import { ConfigValidationError } from '../config/config-validation.error';
import { validateEnv } from '../config/validate-env';
import { RedisEnv } from './redis.config';

describe('validateEnv(RedisEnv)', () => {
  it('rejects a REDIS_URL that is not redis:// or rediss:// with one line naming it', () => {
    const run = () => validateEnv(RedisEnv, { REDIS_URL: 'http://localhost:6379' });
    expect(run).toThrow(ConfigValidationError);
    expect(run).toThrow(/^REDIS_URL: .*URL[^\n]*$/);
  });

  it('treats an empty value as unset', () => {
    expect(validateEnv(RedisEnv, { REDIS_URL: '  ' })).toMatchObject({ REDIS_URL: undefined });
  });
});
