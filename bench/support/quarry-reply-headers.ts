import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Headers every HTTP server sends, or that describe this one body: the bare baselines send their own.
const PER_SERVER_OR_BODY = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'transfer-encoding',
  'x-request-id',
]);

/**
 * The headers Quarry adds to every reply (security headers; the request id is fresh per reply),
 * read from a live reply and written to a file a bare baseline can load: a baseline that sends the
 * same headers shows what sending them costs, server and load generator together, apart from what
 * Quarry's own request handling costs.
 */
export async function writeQuarryReplyHeaders(url: string, init?: RequestInit): Promise<string> {
  const reply = await fetch(url, init);
  await reply.arrayBuffer();
  const headers: Record<string, string> = {};
  reply.headers.forEach((value, name) => {
    if (!PER_SERVER_OR_BODY.has(name)) headers[name] = value;
  });
  const file = join(tmpdir(), `quarry-reply-headers-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(headers));
  return file;
}
