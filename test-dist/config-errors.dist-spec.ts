import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { QuarryProcess } from './support/quarry-process';

/** At most this many builds start at once: enough to overlap their start-up, not to starve the host. */
const CONCURRENCY = 4;

const CASES: ReadonlyArray<readonly [name: string, value: string, allowed: RegExp]> = [
  ['PORT', '70000', /must not be greater than 65535/],
  ['LOG_LEVEL', 'loud', /must be one of the following values: fatal, error/],
  ['SEARCH_TIMEOUT_MS', 'abc', /must be an integer number/],
  ['AUTH_TIMEOUT_MS', '0', /must not be less than 1/],
  ['RATE_LIMIT_MAX', '-1', /must not be less than 0/],
  ['WEBHOOK_TIMEOUT_MS', 'soon', /must be an integer number/],
  ['PROXY_TIMEOUT_MS', '0', /must not be less than 1/],
  ['PROVIDER_TIMEOUT_MS', 'x', /must be an integer number/],
  ['OPENAI_BASE_URL', 'not a url', /must be a URL address/],
  ['SEARXNG_URL', 'nowhere', /must be a URL address/],
  ['STREAM_IDLE_TIMEOUT_MS', '-4', /must not be less than 0/],
  ['PROVIDERS_FILE', '/nonexistent/providers.yaml', /cannot read/],
  ['HOST', 'not a host!!', /must be an IP address or a host name/],
  ['TRUST_PROXY', '999.1.1.1/99', /addresses\/CIDRs/],
  ['CORS_ORIGINS', 'not a url', /origins such as/],
  ['OTEL_TRACES_EXPORTER', 'bogus', /must be otlp, console, none/],
  ['OTEL_EXPORTER_OTLP_ENDPOINT', 'not a url', /must be an http or https URL/],
  ['REDIS_URL', 'http://127.0.0.1:6379', /must be a redis:\/\/ or rediss:\/\/ URL/],
];

/** The production build refuses each invalid setting in one plain line (node dist/main.js). */
describe('an invalid setting', () => {
  const results = new Map<string, { code: number | null; output: string }>();

  beforeAll(async () => {
    // Every case starts its own build; run them CONCURRENCY at a time, the assertions below.
    const queue = [...CASES];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [name, value] = next;
        results.set(name, await QuarryProcess.runToExit({ [name]: value }));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // A start of the build per case: the bound is for a hang, generous for a busy machine.
  }, 300_000);

  it.each(CASES)('%s=%s: exactly one line naming it, no stack, exit 1', (name, _value, allowed) => {
    const { code, output } = results.get(name)!;
    expect({ code, output }).toEqual({ code: 1, output });
    const lines = output.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^quarry: invalid configuration: ${name}\\b`));
    expect(lines[0]).toMatch(allowed);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('PORT taken by another process: one line naming HOST and PORT, no stack, exit 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const { code, output } = await QuarryProcess.runToExit({ HOST: '127.0.0.1', PORT: port });
      const lines = output.split('\n').filter((line) => line !== '');
      // Nest logs the failure too (stdout); the two streams interleave in no fixed order.
      expect({ code, lines }).toEqual({
        code: 1,
        lines: expect.arrayContaining([
          `quarry: invalid configuration: HOST, PORT: cannot listen on 127.0.0.1:${port} (EADDRINUSE)`,
        ]),
      });
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      taken.close();
    }
  });
});
