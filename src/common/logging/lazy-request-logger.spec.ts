import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { createPinoLogger } from './pino-logger.factory';
import { LazyRequestLogger, lazyChildLoggerFactory } from './lazy-request-logger';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { root: createPinoLogger(level, destination), lines };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('lazyChildLoggerFactory', () => {
  it('writes enabled lines with the request bindings and drops the rest', async () => {
    const { root, lines } = capture('warn');
    const log = lazyChildLoggerFactory(root, { requestId: 'req-1' }, { level: '' });
    expect(log).toBeInstanceOf(LazyRequestLogger);
    const childSpy = jest.spyOn(root, 'child');

    log.info({ detail: 'quiet' }, 'not written at warn');
    expect(childSpy).not.toHaveBeenCalled();
    log.warn({ sibling: 'discover', authorization: 'Bearer s3cret' }, 'written');
    await flush();

    expect(childSpy).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      requestId: 'req-1',
      sibling: 'discover',
      authorization: '[redacted]',
      msg: 'written',
    });
  });

  it('gives a route with its own level a real child at once', () => {
    const { root } = capture('warn');
    const log: FastifyBaseLogger = lazyChildLoggerFactory(
      root,
      { requestId: 'r' },
      { level: 'debug' },
    );
    expect(log).not.toBeInstanceOf(LazyRequestLogger);
    expect(log.level).toBe('debug');
  });

  it('makes children that keep the request bindings', async () => {
    const { root, lines } = capture('info');
    const log = lazyChildLoggerFactory(root, { requestId: 'req-2' }, {});
    log.child({ step: 'read' }).info('from a child');
    await flush();
    expect(lines[0]).toMatchObject({ requestId: 'req-2', step: 'read', msg: 'from a child' });
  });
});
