import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { distEnv } from './support/dist-env';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const DOCUMENTS = ['/docs/json', '/docs/siblings/json'];

/**
 * The served documents pass Redocly's recommended ruleset (redocly.yaml explains the two rules
 * turned off) and Spectral's spectral:oas (.spectral.yaml) without an error or a warning.
 */
describe('the served OpenAPI documents, linted', () => {
  const env = distEnv();
  let dir: string;
  let files: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-openapi-lint-'));
    files = await Promise.all(
      DOCUMENTS.map(async (path, i) => {
        const file = join(dir, `document-${i}.json`);
        writeFileSync(file, await (await fetch(env.quarryUrl + path)).text());
        return file;
      }),
    );
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(DOCUMENTS.map((path, i) => [path, i]))(
    '%s: Redocly (recommended) finds no problem',
    async (_path, i) => {
      const cli = join(packageDir('@redocly/cli'), 'bin', 'cli.js');
      const args = [cli, 'lint', files[i], '--config', join(ROOT, 'redocly.yaml'), '--format=json'];
      const { stdout } = await run(process.execPath, args, {
        cwd: ROOT,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((error: { stdout: string }) => error);
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
      };
      expect(
        report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`),
      ).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    },
    120_000,
  );

  it('Spectral (spectral:oas) finds no problem in either', async () => {
    const cli = join(packageDir('@stoplight/spectral-cli'), 'dist', 'index.js');
    const args = [cli, 'lint', '-r', join(ROOT, '.spectral.yaml'), '-f', 'json', ...files];
    const { stdout } = await run(process.execPath, args, { cwd: ROOT }).catch(
      (error: { stdout: string }) => error,
    );
    const results = JSON.parse(stdout.slice(0, stdout.lastIndexOf(']') + 1)) as Array<{
      code: string;
      message: string;
      path: string[];
    }>;
    expect(results.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  }, 180_000);
});

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}
