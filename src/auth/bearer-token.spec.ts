import { bearerTokenOf } from './bearer-token';
import { UnauthenticatedError } from './auth.errors';

describe('bearerTokenOf', () => {
  it('takes the token of a Bearer header, whatever the scheme case', () => {
    expect(bearerTokenOf('Bearer abc.DEF-123_~+/==')).toBe('abc.DEF-123_~+/==');
    expect(bearerTokenOf('bearer tok')).toBe('tok');
  });

  it.each([undefined, ''])('rejects a missing header (%p) without error detail', (header) => {
    expect(() => bearerTokenOf(header)).toThrow('A bearer token is required');
    try {
      bearerTokenOf(header);
    } catch (error) {
      expect((error as UnauthenticatedError).headers['WWW-Authenticate']).toBe(
        'Bearer realm="quarry"',
      );
    }
  });

  it.each(['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', 'Bearer tok\u00e9', 'tok'])(
    'rejects %p as malformed',
    (header) => {
      expect(() => bearerTokenOf(header)).toThrow('The Authorization header must be');
    },
  );
});
