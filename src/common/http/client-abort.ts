import type { FastifyReply } from 'fastify';

/** Runs work with a signal that aborts when the client leaves before the reply is written. */
export async function withClientAbort<T>(
  reply: FastifyReply,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const abort = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) abort.abort();
  };
  reply.raw.on('close', onClose);
  try {
    return await work(abort.signal);
  } finally {
    reply.raw.off('close', onClose);
  }
}
