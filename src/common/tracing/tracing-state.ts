import {
  context,
  propagation,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

/**
 * Whether the OpenTelemetry SDK was started (tracing.bootstrap.ts). Every helper here checks it
 * first, so with tracing off a traced step costs one boolean test and no API call.
 */
let tracingOn = false;
let suppressTracing: ((context: Context) => Context) | undefined;

export function markTracingOn(): void {
  tracingOn = true;
  // Loaded with the SDK, not before: the default path loads nothing of OpenTelemetry but its API.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  suppressTracing = (require('@opentelemetry/core') as typeof import('@opentelemetry/core'))
    .suppressTracing;
}

export function isTracingOn(): boolean {
  return tracingOn;
}

const tracer = () => trace.getTracer('quarry');

/** Runs `work` inside a child span of the active one, ended when the promise settles. */
export function inSpan<T>(
  name: string,
  attributes: Attributes | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!tracingOn) return work();
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span the caller ends (for work that is not one promise, such as a stream); undefined when off. */
export function startSpan(name: string, attributes?: Attributes): Span | undefined {
  return tracingOn ? tracer().startSpan(name, { attributes }) : undefined;
}

/** Runs `work` with `span` as the active span, so outbound calls it starts become its children. */
export function withSpan<T>(span: Span | undefined, work: () => T): T {
  return span ? context.with(trace.setSpan(context.active(), span), work) : work();
}

export function failSpan(span: Span | undefined, error: unknown): void {
  if (!span) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Runs `work` (which starts an outbound request) so that no trace context goes out with it: the
 * HTTP instrumentation then neither records a span nor injects `traceparent`. For third parties.
 */
export function withoutTracePropagation<T>(work: () => T): T {
  return suppressTracing ? context.with(suppressTracing(context.active()), work) : work();
}

/** Writes the active trace context into `headers` (a W3C traceparent), when tracing is on. */
export function injectTraceContext(headers: Record<string, unknown>): void {
  if (tracingOn) propagation.inject(context.active(), headers);
}

/** pino mixin: the active span's ids on every log line written inside it. */
export function traceLogFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
