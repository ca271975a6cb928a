import { callerKeyOf } from './caller-key';

describe('callerKeyOf', () => {
  it('is the user when one is authenticated, else the client address', () => {
    expect(callerKeyOf({ ip: '203.0.113.7', user: { id: 42 } })).toBe('user:42');
    expect(callerKeyOf({ ip: '203.0.113.7', user: { sub: 'abc' } })).toBe('user:abc');
    expect(callerKeyOf({ ip: '203.0.113.7' })).toBe('ip:203.0.113.7');
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as its IPv4 address', () => {
    const a = callerKeyOf({ ip: '2001:db8:1:2::1' });
    expect(callerKeyOf({ ip: '2001:db8:1:2:ffff:ffff:ffff:ffff' })).toBe(a);
    expect(callerKeyOf({ ip: '2001:db8:1:3::1' })).not.toBe(a);
    expect(callerKeyOf({ ip: '::ffff:203.0.113.7' })).toBe('ip:203.0.113.7');
  });
});
