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

/** The same for a Fastify app (the bare baselines): listen, announce, close on SIGTERM. */
export function listenAndAnnounceFastify(app: {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<unknown>;
}): void {
  app.listen({ port: 0, host: '127.0.0.1' }).then(
    (address) => process.stdout.write(`LISTENING ${address}\n`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
