import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../scripts/support/free-port';

const ROOT = join(__dirname, '..', '..');

export interface BuiltService {
  readonly url: string;
  /** Every JSON log line the process wrote to stdout so far. */
  readonly logs: Array<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** Builds dist/ when it is missing or older than src/ (the same check as `npm start`). */
export function buildIfNeeded(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.js')], {
    cwd: ROOT,
    stdio: 'ignore',
  });
}

/**
 * Starts `node dist/main.js` as production runs it, with only the given environment (plus PATH),
 * and waits until /health answers. For what must be proven from outside the test process, such as
 * tracing, whose SDK has to load before every other module.
 */
export async function startBuiltService(env: Record<string, string>): Promise<BuiltService> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Array<Record<string, unknown>> = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    const up = await fetch(`${url}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('service did not answer /health in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, logs, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
