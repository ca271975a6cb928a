import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../scripts/support/free-port';

const ROOT = join(__dirname, '..', '..', '..');

export interface RunningProcess {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** Peak resident memory of the process so far, in MiB (Linux VmHWM). */
  peakRssMb(): number;
  /** CPU time (user + system, all threads) the process has used so far, in ms (Linux). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * The node flags `npm start` gives the service (package.json's start script), so the bench
 * measures the service as users start it.
 */
function startScriptNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(words.indexOf('node') + 1).filter((word) => word.startsWith('--'));
}

/** Starts the production build of the service on a free port and waits until /health answers. */
export async function startService(env: Record<string, string>): Promise<RunningProcess> {
  const port = await freePort();
  // BENCH_NODE_FLAGS replaces the start script's flags, to compare them (e.g. "" for none).
  const flags =
    process.env.BENCH_NODE_FLAGS !== undefined
      ? process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean)
      : startScriptNodeFlags();
  const child = spawn(process.execPath, [...flags, join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/health`)).ok, 20_000, child, 'service');
  return wrap('service', url, child);
}

/**
 * Starts one of the bench/processes scripts (a fake upstream or a baseline server). It prints
 * "LISTENING <url>" on its first stdout line once it accepts connections.
 */
export async function startHelperProcess(
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<RunningProcess> {
  const child = spawn(
    process.execPath,
    [join(__dirname, '..', 'processes', `${script}.js`), ...args],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const match = /LISTENING (\S+)/.exec(buffered);
      if (match) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${script} exited with ${code} before listening`)),
    );
  });
  return wrap(script, url, child);
}

function wrap(name: string, url: string, child: ChildProcess): RunningProcess {
  return {
    name,
    url,
    pid: child.pid ?? 0,
    peakRssMb: () => peakRssMb(child.pid ?? 0),
    cpuMs: () => cpuMs(child.pid ?? 0),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return Number.NaN;
  }
}

// Fields 14 and 15 of /proc/<pid>/stat, in clock ticks (USER_HZ, 100 on Linux).
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  child: ChildProcess,
  name: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if (await check()) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not become ready within ${timeoutMs} ms`);
}
