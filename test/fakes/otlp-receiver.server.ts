import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OTLP/HTTP trace receiver on 127.0.0.1 (JSON encoding: OTEL_EXPORTER_OTLP_PROTOCOL=http/json).
 * Keeps every span it is sent, flattened, with hex ids.
 *
 *   const otlp = await OtlpReceiver.start();     // OTEL_EXPORTER_OTLP_ENDPOINT=otlp.url
 *   await otlp.waitFor((spans) => spans.some((span) => span.name === 'search'));
 */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** '' for a root span. */
  readonly parentSpanId: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes: Record<string, unknown>;
  /** service.name of the resource that sent it. */
  readonly service: string;
}

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}

interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }>;
    }>;
  }>;
}

export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Paths posted to, e.g. /v1/traces. */
  readonly paths: string[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<OtlpReceiver> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver.paths.push(request.url ?? '');
        try {
          receiver.add(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } catch {
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new OtlpReceiver(
      server,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    );
    return receiver;
  }

  /** Resolves with the spans once `ready(spans)` holds; rejects after `timeoutMs`. */
  async waitFor(
    ready: (spans: readonly ReceivedSpan[]) => boolean,
    timeoutMs = 10_000,
  ): Promise<ReceivedSpan[]> {
    const deadline = Date.now() + timeoutMs;
    while (!ready(this.spans)) {
      if (Date.now() > deadline) {
        throw new Error(
          `spans not received in time; got: ${this.spans.map((s) => s.name).join(', ')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return [...this.spans];
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private add(body: OtlpExport): void {
    for (const resourceSpans of body.resourceSpans ?? []) {
      const service = String(
        attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '',
      );
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({
            traceId: hex(span.traceId),
            spanId: hex(span.spanId),
            parentSpanId: span.parentSpanId ? hex(span.parentSpanId) : '',
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
            service,
          });
        }
      }
    }
  }
}

function attributesOf(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) out[key] = Object.values(value)[0];
  return out;
}

/** OTLP/JSON ids are hex; some encoders send base64. */
function hex(id: string): string {
  return /^[0-9a-f]+$/i.test(id) && (id.length === 32 || id.length === 16)
    ? id.toLowerCase()
    : Buffer.from(id, 'base64').toString('hex');
}
