import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort } from './free-port';

/** Where the built service lives: QUARRY_DIST (another checkout's dist/, e.g. an older commit) or ./dist. */
export const DIST_DIR = resolve(process.env.QUARRY_DIST ?? join(__dirname, '..', '..', 'dist'));
/** Which node runs it: QUARRY_NODE (e.g. a Node 22 or 24 binary) or the one running the tests. */
export const NODE_BINARY = process.env.QUARRY_NODE ?? process.execPath;

const START_TIMEOUT_MS = 60_000;

/**
 * `node dist/main.js` as a child process, configured by environment variables only, the way
 * production runs it. Only PATH and HOME are inherited, so the caller's shell cannot leak settings.
 */
export class QuarryProcess {
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.keep(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.keep(chunk));
  }

  static async start(env: Record<string, string>): Promise<QuarryProcess> {
    const main = join(DIST_DIR, 'main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
    const port = await freePort();
    const child = spawn(NODE_BINARY, [main], {
      // The project root: relative settings (LOCAL_DOCS_DIR=docs) start there, as with npm start.
      cwd: dirname(DIST_DIR),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const quarry = new QuarryProcess(child, `http://127.0.0.1:${port}`);
    await quarry.waitUntilLive();
    return quarry;
  }

  /**
   * Runs the build with only these variables (and PATH) until it exits, in an empty directory so
   * that no .env file configures it; resolves with everything it printed and its exit code.
   */
  static async runToExit(
    env: Record<string, string>,
    timeoutMs = 60_000,
  ): Promise<{ code: number | null; output: string }> {
    const cwd = mkdtempSync(join(tmpdir(), 'quarry-config-'));
    try {
      return await new Promise((done, fail) => {
        const child = spawn(NODE_BINARY, [join(DIST_DIR, 'main.js')], {
          cwd,
          env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.on('error', fail);
        child.on('close', (code) => {
          clearTimeout(timer);
          done({ code, output });
        });
      });
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }

  /** What the process printed (warnings and errors; LOG_LEVEL=warn), for failure messages. */
  get log(): string {
    return this.output;
  }

  /**
   * Resolves with the output once it matches `pattern`: lines written just before /health answered
   * may still be in the pipe. Rejects with the output after `timeoutMs` (a bound, not a measure).
   */
  async logMatching(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.output)) {
      if (Date.now() > deadline) throw new Error(`no output matched ${pattern}:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.output;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  /** Exited, or ended by a signal (a killed process has no exit code). */
  private get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Ends the process at once, as a crash or an OOM kill would: no shutdown hooks run. */
  async kill(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }

  private keep(chunk: Buffer): void {
    // Enough to explain a failure, never unbounded.
    this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
  }

  private async waitUntilLive(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) {
        throw new Error(`quarry exited with ${this.child.exitCode} at start-up:\n${this.output}`);
      }
      try {
        if ((await fetch(`${this.url}/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.stop();
    throw new Error(`quarry did not answer /health within ${START_TIMEOUT_MS} ms:\n${this.output}`);
  }
}
