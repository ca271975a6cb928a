import { displayAddress } from './display-address';

describe('displayAddress', () => {
  it('keeps scheme, host, port and path, and drops credentials and the query', () => {
    expect(displayAddress('redis://:s3cret@cache.internal:6379/0')).toBe(
      'redis://cache.internal:6379/0',
    );
    expect(displayAddress('https://user:pw@searx.example/search/?token=abc')).toBe(
      'https://searx.example/search',
    );
  });

  it('says a value is not a URL instead of printing it', () => {
    expect(displayAddress('not a url with a key sk-123')).toBe('(invalid URL)');
  });
});
