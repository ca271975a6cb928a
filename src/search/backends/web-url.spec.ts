import { webUrl } from './web-url';

describe('webUrl', () => {
  it('keeps absolute http(s) addresses and takes protocol-relative ones as https', () => {
    expect(webUrl('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(webUrl('HTTP://example.com')).toBe('HTTP://example.com');
    expect(webUrl('//cdn.example.com/p.png')).toBe('https://cdn.example.com/p.png');
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>x</script>',
    'ftp://example.com/x',
    '/relative/path',
    'https://',
    'https:///path',
    'https://exa mple.com',
    '',
  ])('refuses %j', (value) => {
    expect(webUrl(value)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, {}, ['https://example.com']]) {
      expect(webUrl(value)).toBeUndefined();
    }
  });
});
