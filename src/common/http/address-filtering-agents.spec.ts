import * as http from 'node:http';
import { addressFilteringAgents, type AddressFilteringAgents } from './address-filtering-agents';

/** The error a GET through `agents` ends with: refused by the filter, or a failure to connect. */
function failureOf(agents: AddressFilteringAgents, url: string): Promise<Error> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: agents.httpAgent }, (response) => {
      response.resume();
      reject(new Error(`${url} was reached`));
    });
    request.on('error', resolve);
  });
}

const REFUSED = /^DNS lookup .* is not allowed/;

describe('addressFilteringAgents', () => {
  const filtering = addressFilteringAgents(false);
  const open = addressFilteringAgents(true);
  afterAll(() => {
    for (const agents of [filtering, open]) {
      agents.httpAgent.destroy();
      agents.httpsAgent.destroy();
    }
  });

  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv6 loopback', '[::1]'],
    ['a private IPv4 address', '10.1.2.3'],
    ['the metadata address', '169.254.169.254'],
    ['IPv4-compatible IPv6 loopback', '[::127.0.0.1]'],
    ['IPv4-compatible IPv6 of a private address', '[::10.0.0.1]'],
    ['IPv4-mapped IPv6 loopback', '[::ffff:127.0.0.1]'],
    ['IPv4-mapped IPv6 in hexadecimal', '[::ffff:7f00:1]'],
    ['NAT64 loopback', '[64:ff9b::7f00:1]'],
    ['local-use NAT64 loopback', '[64:ff9b:1::7f00:1]'],
    ['6to4 loopback', '[2002:7f00:1::]'],
    ['SIIT loopback', '[::ffff:0:7f00:1]'],
    ['a unique-local IPv6 address', '[fd00::1]'],
  ])('refuses %s (%s) before connecting', async (_form, host) => {
    const error = await failureOf(filtering, `http://${host}:9/`);
    expect(error.message).toMatch(REFUSED);
  });

  it('lets the same addresses through when private networks are allowed', async () => {
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]']) {
      const error = await failureOf(open, `http://${host}:9/`);
      expect(error.message).not.toMatch(REFUSED);
    }
  });
});
