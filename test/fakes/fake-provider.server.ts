import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestLog, type RecordedRequest } from './fake-openai.server';

/**
 * What the fakes of the Ollama, Anthropic and Gemini APIs share: a server on 127.0.0.1:0, the
 * request log, queued failures, token pacing and disconnect detection. Each subclass speaks its
 * provider's protocol in handle().
 */
export abstract class FakeProviderServer<Options extends { tokenDelayMs?: number }> {
  protected readonly log = new RequestLog();
  readonly requests: RecordedRequest[] = this.log.requests;
  protected readonly failures: number[] = [];
  private readonly server: Server = createServer((req, res) => void this.handle(req, res));
  url = '';

  protected constructor(protected readonly options: Options) {}

  protected async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  setTokenDelay(ms: number): void {
    this.options.tokenDelayMs = ms;
  }

  /** The next request answers this status with the provider's error body. */
  failNext(status: number): void {
    this.failures.push(status);
  }

  waitForDisconnect(timeoutMs = 5000): Promise<RecordedRequest> {
    return this.log.waitForDisconnect(timeoutMs);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}
