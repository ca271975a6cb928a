import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const MAIN = join(ROOT, 'dist', 'main.js');

/** Runs the production build with only these variables; resolves with its whole output and exit code. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    // A cwd without a .env file, so nothing but `env` configures the process.
    const child = spawn(process.execPath, [MAIN], {
      cwd: mkdtempSync(join(tmpdir(), 'quarry-config-')),
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

describe('an invalid setting (production build)', () => {
  beforeAll(() => {
    // Builds only when dist/ is missing or older than src/ (what `npm start` does first).
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.js')], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  }, 180_000);

  it.each([
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
  ])(
    '%s=%s: exactly one line naming it, no stack, exit 1',
    async (name, value, allowed) => {
      const { code, output } = await start({ [name]: value });
      expect(code).toBe(1);
      const lines = output.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^quarry: invalid configuration: ${name}\\b`));
      expect(lines[0]).toMatch(allowed);
      expect(output).not.toMatch(/\n\s+at /);
    },
    30_000,
  );
});
