import { QuarryProcess } from './support/quarry-process';

interface LogLine {
  readonly level: string;
  readonly context?: string;
  readonly msg: string;
}

/** Nest's start-up narration, which belongs at debug: a line per module and per route. */
const NEST_NARRATION = ['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer'];

function lines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** Whether a request to this address and port gets an answer (127.0.0.0/8 is all loopback). */
async function answers(host: string, url: string): Promise<boolean> {
  const port = new URL(url).port;
  try {
    await fetch(`http://${host}:${port}/health`, { signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Safe by default (issue 34): without HOST a development instance listens on loopback only, and
 * what it prints at LOG_LEVEL=info is one line per fact a person needs, not Nest's module list.
 */
describe('node dist/main.js without HOST', () => {
  describe('outside production, at LOG_LEVEL=info, with nothing else configured', () => {
    let quarry: QuarryProcess;
    let startup: LogLine[];

    beforeAll(async () => {
      // An empty HOST counts as unset (QuarryProcess sets 127.0.0.1 otherwise).
      quarry = await QuarryProcess.start({ HOST: '', LOG_LEVEL: 'info', NODE_ENV: 'development' });
      const output = await quarry.logMatching(/source local: /);
      startup = lines(output).filter((line) => line.msg !== 'request completed');
    });
    afterAll(() => quarry?.stop());

    it('answers on 127.0.0.1 and not on another loopback address: it is bound to 127.0.0.1', async () => {
      expect(await answers('127.0.0.1', quarry.url)).toBe(true);
      expect(await answers('127.0.0.2', quarry.url)).toBe(false);
    });

    it('prints where it listens and who can reach it', () => {
      const port = new URL(quarry.url).port;
      const listening = startup.filter((line) => line.msg.startsWith('listening at '));
      expect(listening.map((line) => line.msg)).toEqual([`listening at http://127.0.0.1:${port}`]);
      expect(startup.map((line) => line.msg)).toContainEqual(
        expect.stringMatching(/^reachable from this machine only .*set HOST=0\.0\.0\.0/),
      );
    });

    it('prints one line per fact: providers and models, sources, and what is off and why', () => {
      const messages = startup.map((line) => line.msg);
      for (const fact of [
        /^provider Built-in \(offline\), builtin adapter: chat models \S+/,
        /^default models \(for requests that name none\): chat \S+/,
        /^sources web, academic, discussions off: SEARXNG_URL is not set/,
        /^source local: the files under \/\S+/,
        /^authentication off: AUTH_REQUIRED is false/,
        /^Redis off \(REDIS_URL is not set\): caches and rate-limit counters are per process/,
        /^tracing off: /,
      ]) {
        expect(messages).toContainEqual(expect.stringMatching(fact));
      }
      expect(startup.find((line) => line.msg.startsWith('authentication off'))?.level).toBe('warn');
    });

    it("prints none of Nest's module and route list", () => {
      expect(startup.filter((line) => NEST_NARRATION.includes(line.context ?? ''))).toEqual([]);
      expect(
        startup.filter((line) => /dependencies initialized|^Mapped \{/.test(line.msg)),
      ).toEqual([]);
      // The facts above, the listening line and the local index's summary: a screen, not ninety lines.
      expect(startup.length).toBeLessThanOrEqual(15);
    });
  });

  describe('in production', () => {
    let quarry: QuarryProcess;

    beforeAll(async () => {
      quarry = await QuarryProcess.start({ HOST: '', NODE_ENV: 'production' });
    });
    afterAll(() => quarry?.stop());

    it('listens on every interface, as containers expect', async () => {
      expect(await answers('127.0.0.2', quarry.url)).toBe(true);
    });
  });
});
