import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ConfigType } from '@nestjs/config';
import { freePort } from '../scripts/support/free-port';
import type { ReadinessRegistry } from '../src/health/readiness.registry';
import { LocalDocsIndex } from '../src/search/local/local-docs.index';
import type { searchConfig } from '../src/search/search.config';

const ROOT = join(__dirname, '..', '..');

/** The production build on a free port, with only the settings given (no keys, no .env). */
export async function startService(
  env: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    cwd: join(ROOT, 'dist-eval'), // not the project root, so a developer's .env does not leak in
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      AUTH_REQUIRED: 'false',
      RATE_LIMIT_MAX: '1000000',
      SEARCH_MAX_CONCURRENT_PER_CLIENT: '64',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dist/main.js exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the service did not become ready in 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The local source's own index over a folder, as the service builds it (for its baseline order). */
export function localIndex(dir: string, baseUrl: string): LocalDocsIndex {
  const config = {
    localDocs: { dir, baseUrl, maxFiles: 20_000, maxFileBytes: 5 * 1024 * 1024 },
  } as unknown as ConfigType<typeof searchConfig>;
  return new LocalDocsIndex(config, { register: () => undefined } as unknown as ReadinessRegistry);
}
