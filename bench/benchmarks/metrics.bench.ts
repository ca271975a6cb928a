import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Row } from '../support/report';

const ROOT = join(__dirname, '..', '..', '..');

/** Runs one of the metrics-cost scripts (production build, its own fakes) and reads its table. */
function tableOf(script: string, args: string[], env: NodeJS.ProcessEnv = {}): string[][] {
  const output = execFileSync(process.execPath, [join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| case'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

/**
 * Cost of recording metrics (issue 17): the share of the service's CPU profile spent recording
 * (robust on a shared machine), and CPU per request with metrics on and off side by side.
 */
export async function metricsBench(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, requests, , , share] of tableOf('profile-metrics-share.js', ['10'])) {
    rows.push({ benchmark: 'metrics', case: `${name}: recording share of CPU`, requests: Number(requests), 'share %': share, target: '< 2%' });
  }
  for (const [name, on, off, difference] of tableOf('measure-metrics-overhead.js', ['4', '3'])) {
    rows.push({ benchmark: 'metrics', case: `${name}: metrics on vs off`, 'CPU us/req on': Number(on), 'CPU us/req off': Number(off), 'on vs off': difference });
  }
  return Promise.resolve(rows);
}
