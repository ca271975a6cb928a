import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A redis-server of this test's own on a free port, so stopping it never touches the shared one.
 * Skipped (available() false) when redis-server is not installed.
 */
export class ThrowawayRedis {
  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async available(): Promise<boolean> {
    try {
      await run('redis-server', ['--version']);
      return true;
    } catch {
      return false;
    }
  }

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await freePort());
    await redis.resume();
    return redis;
  }

  /** (Re)starts the server on the same port and waits until it answers. */
  async resume(): Promise<void> {
    await run('redis-server', [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
    ]);
    for (let attempt = 0; attempt < 50; attempt++) {
      if (
        await this.cli('ping').then(
          (out) => out.trim() === 'PONG',
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server on port ${this.port} did not answer`);
  }

  /** Stops the server without saving. */
  async stop(): Promise<void> {
    await this.cli('shutdown', 'nosave').catch(() => undefined);
  }

  async cli(...args: string[]): Promise<string> {
    const { stdout } = await run('redis-cli', ['-p', String(this.port), ...args]);
    return stdout;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
