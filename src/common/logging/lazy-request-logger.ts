import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

type LogCall = (...args: unknown[]) => void;

/**
 * The logger Fastify hands each request (`request.log`), made into a pino child only when a call
 * is at an enabled level. Fastify otherwise builds a child for every request (bindings serialised,
 * level methods rebuilt), about a tenth of the CPU of a small proxied or JSON request, although
 * most requests log nothing at `warn`. Lines written through it are the child's, request id
 * included.
 */
export class LazyRequestLogger {
  private materialised?: Logger;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.parent.level;
  }

  set level(level: string) {
    this.materialise().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.materialised ?? this.parent).isLevelEnabled(level);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.materialise().child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const logger = this.materialise();
    (logger[level] as LogCall).apply(logger, args);
  }

  private materialise(): Logger {
    return (this.materialised ??= this.parent.child(this.bindings));
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with its own log level or serializers gets a real child at
 * once; Quarry sets neither, so in practice every request gets the lazy one.
 */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const parent = logger as Logger;
  // Fastify passes the route's log level, '' when the route sets none.
  const ownLevel = !!options.level && options.level !== parent.level;
  if (ownLevel || options.serializers) return parent.child(bindings, options);
  // Structurally a FastifyBaseLogger; pino's overloaded LogFn types cannot be implemented directly.
  return new LazyRequestLogger(parent, bindings) as unknown as FastifyBaseLogger;
}
