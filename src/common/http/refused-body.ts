import type { FastifyReply, FastifyRequest } from 'fastify';
import { holdsBodyBack } from './continue-expectation';

/** Most bytes of a refused body read and thrown away before the connection is cut instead. */
const DISCARDED_BODY_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Fastify answers a body over the limit (413) and closes the connection. Closing a socket with
 * unread bytes resets it, so a client still writing its body (fetch, the openai SDK: everything
 * that does not send `Expect: 100-continue`) gets EPIPE or ECONNRESET instead of the 413, by a race
 * it loses more often the busier the machine. Here the rest of the body is read and thrown away
 * while the 413 goes out on a kept-alive connection, as Node does for any body a handler leaves
 * unread; past DISCARDED_BODY_MAX_BYTES, declared or received, the connection is cut as before.
 * A client holding its body back for a 100 Continue it was not sent keeps the close.
 */
export function discardRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || holdsBodyBack(raw)) return;
  if (Number(raw.headers['content-length']) > DISCARDED_BODY_MAX_BYTES) return;
  reply.removeHeader('connection');
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARDED_BODY_MAX_BYTES) raw.socket.destroy();
  });
}
