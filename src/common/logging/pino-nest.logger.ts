import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

/**
 * Nest's start-up narration: a line per module initialised and per route mapped, about ninety in
 * all. It says nothing a person starting the service needs (StartupFacts does), so it is debug.
 */
const NEST_NARRATION = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** Sends Nest's own log calls to the same pino instance Fastify logs requests with. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = params[params.length - 1];
    const level = typeof context === 'string' && NEST_NARRATION.has(context) ? 'debug' : 'info';
    this.write(level, message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    // Nest passes the context as the last string parameter; an object first is a structured entry.
    const context = typeof params[params.length - 1] === 'string' ? params.pop() : undefined;
    if (typeof message === 'object' && message !== null && !(message instanceof Error)) {
      const text = typeof params[0] === 'string' ? params[0] : undefined;
      this.pino[level]({ context, ...(message as object) }, text);
      return;
    }
    if (message instanceof Error) {
      this.pino[level]({ context, err: message }, message.message);
      return;
    }
    const stack = typeof params[0] === 'string' ? params[0] : undefined;
    this.pino[level](stack ? { context, stack } : { context }, String(message));
  }
}
