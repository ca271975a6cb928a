import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { displayAddress } from '../../common/http/display-address';
import { isHttpUrl } from '../../common/http/http-url';
import { markTracingOn } from '../../common/tracing/tracing-state';

/** Paths whose requests are not traced: probes and scrapes would drown the traces that matter. */
const UNTRACED_PATHS = /^\/(?:metrics|health)(?:[/?]|$)/;

interface StartedSdk {
  shutdown(): Promise<void>;
}

let sdk: StartedSdk | undefined;

/** The exporters OTEL_TRACES_EXPORTER may name (comma-separated), as the SDK reads it. */
const TRACE_EXPORTERS = ['otlp', 'console', 'none'];

/**
 * What is wrong with the OTEL_* settings tracing reads, in the words of a configuration error, or
 * undefined: a service must not start saying tracing is on while its spans go nowhere.
 */
export function tracingSettingsProblem(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const exporters = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporters && !exporters.split(',').every((name) => TRACE_EXPORTERS.includes(name.trim()))) {
    return `OTEL_TRACES_EXPORTER must be ${TRACE_EXPORTERS.join(', ')} or a comma-separated list of them`;
  }
  for (const name of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) {
    const value = env[name]?.trim();
    if (value && !isHttpUrl(value)) return `${name} must be an http or https URL`;
  }
  return undefined;
}

/** Tracing is on when an OTLP endpoint or a traces exporter other than "none" is configured. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporters) return exporters !== 'none';
  return Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim(),
  );
}

/**
 * Starts the OpenTelemetry Node SDK when tracing is configured. Must run before the modules it
 * instruments are loaded (main.ts imports this file first). The SDK and instrumentations are
 * required here, not imported at the top, so a process without tracing never loads them.
 */
export function startTracing(): void {
  // main.ts reads .env too, but only after every import; the OTEL_* settings are needed now.
  if (existsSync('.env')) process.loadEnvFile('.env');
  // Invalid settings start nothing; main.ts refuses them with the configuration error.
  if (sdk || !tracingRequested() || tracingSettingsProblem()) return;
  process.env.OTEL_SERVICE_NAME ||= 'quarry';
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } =
    require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const started = new NodeSDK({
    instrumentations: [
      // Incoming requests and Node's http client (auth service through axios, webhooks).
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) =>
          UNTRACED_PATHS.test(request.url ?? ''),
      }),
      // fetch (model SDKs) and the npm undici agents (SearxNG, sibling proxy): both publish on
      // the same diagnostics_channel names, which this instrumentation listens to.
      new UndiciInstrumentation(),
    ],
    // Quarry's metrics are Prometheus (/metrics) and its logs are pino lines: traces only here.
    metricReaders: [],
    logRecordProcessors: [],
  });
  started.start();
  sdk = started;
  markTracingOn();
}

/** Where spans go, as the start-up line says it: the OTLP endpoint (no credentials) or the exporters. */
export function tracesDestination(env: NodeJS.ProcessEnv = process.env): string {
  const endpoint =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return endpoint
    ? `OTLP to ${displayAddress(endpoint)}`
    : `exporter ${env.OTEL_TRACES_EXPORTER?.trim() || 'otlp'}`;
}

/** Flushes spans still buffered; called on shutdown. */
export async function stopTracing(): Promise<void> {
  const started = sdk;
  sdk = undefined;
  await started?.shutdown().catch(() => undefined);
}
