import type { Server } from 'node:http';

/** Listens on a free loopback port and announces it the way bench/support/processes.ts expects. */
export function listenAndAnnounce(server: Server): void {
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`LISTENING http://127.0.0.1:${port}\n`);
  });
  process.on('SIGTERM', () => process.exit(0));
}
