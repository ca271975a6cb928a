import { ConfigValidationError } from '../common/config/config-validation.error';
import { validateEnv } from '../common/config/validate-env';
import { SearchEnv } from './search.config';

describe('validateEnv(SearchEnv): the meta-search addresses search owns', () => {
  it('splits SEARXNG_FALLBACK_URLS, empty by default', () => {
    expect(validateEnv(SearchEnv, {}).SEARXNG_FALLBACK_URLS).toEqual([]);
    expect(
      validateEnv(SearchEnv, { SEARXNG_FALLBACK_URLS: 'http://a:8080, http://b:8080,' })
        .SEARXNG_FALLBACK_URLS,
    ).toEqual(['http://a:8080', 'http://b:8080']);
  });

  it('rejects a bad fallback with one line naming the variable', () => {
    const run = () => validateEnv(SearchEnv, { SEARXNG_FALLBACK_URLS: 'http://ok:1,::bad::' });
    expect(run).toThrow(ConfigValidationError);
    expect(run).toThrow(/^SEARXNG_FALLBACK_URLS: [^\n]*$/);
  });
});
