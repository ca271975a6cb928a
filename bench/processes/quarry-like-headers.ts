import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * When given a file from writeQuarryReplyHeaders, a bare baseline sends the same headers Quarry
 * sends on every reply, with a fresh request id, set the way Quarry sets them (one onRequest hook).
 */
export function addQuarryReplyHeaders(app: FastifyInstance, headersFile: string | undefined): void {
  if (!headersFile) return;
  const headers = JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>;
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header('x-request-id', randomUUID()).headers(headers);
    done();
  });
}
