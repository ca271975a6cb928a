import pino, { type Logger } from 'pino';
import { isTracingOn, traceLogFields } from '../tracing/tracing-state';

/** Paths pino blanks out wherever they appear in a log object, so credentials never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  '*.authorization',
  '*.Authorization',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
  'token',
  '*.token',
  'password',
  '*.password',
];

export function createPinoLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'quarry' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // With tracing on, each line carries the active span's trace_id and span_id.
      ...(isTracingOn() ? { mixin: traceLogFields } : {}),
    },
    destination,
  );
}
