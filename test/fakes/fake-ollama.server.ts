import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer } from './fake-provider.server';
import { bagOfWordsVector, type RecordedRequest, sleep, splitTokens } from './fake-openai.server';

/**
 * A fake Ollama server on 127.0.0.1 speaking its native API: GET /api/tags, POST /api/chat
 * (NDJSON stream, or one object with stream: false), POST /api/embed.
 *
 *   const fake = await FakeOllamaServer.start({ models: ['llama3.1:8b', 'nomic-embed-text'], reply: 'Hi' });
 *   fake.url; fake.requests; fake.failNext(404); await fake.waitForDisconnect(); await fake.close();
 */
export interface FakeOllamaOptions {
  reply?: string;
  tokenDelayMs?: number;
  /** Model names listed by /api/tags; names containing "embed" get the bert family. */
  models?: string[];
}

export class FakeOllamaServer extends FakeProviderServer<FakeOllamaOptions> {
  static start(options: FakeOllamaOptions = {}): Promise<FakeOllamaServer> {
    return new FakeOllamaServer({ ...options }).listen();
  }

  setReply(reply: string): void {
    this.options.reply = reply;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = await this.log.record(req, res);
    const status = this.failures.shift();
    if (status)
      return send(res, status, {
        error: status === 404 ? 'model not found' : `fake error ${status}`,
      });
    const models = this.options.models ?? ['llama3.1:8b', 'nomic-embed-text:latest'];
    if (req.method === 'GET' && request.path === '/api/tags') {
      return send(res, 200, {
        models: models.map((name) => ({
          name,
          model: name,
          modified_at: '2024-01-01T00:00:00Z',
          size: 1000,
          digest: 'sha256:fake',
          details: {
            format: 'gguf',
            family: /embed/.test(name) ? 'nomic-bert' : 'llama',
            families: [/embed/.test(name) ? 'nomic-bert' : 'llama'],
            parameter_size: '8B',
            quantization_level: 'Q4_0',
          },
        })),
      });
    }
    if (req.method === 'POST' && request.path === '/api/embed') {
      const input = request.body.input as string | string[];
      const texts = Array.isArray(input) ? input : [input];
      return send(res, 200, {
        model: request.body.model,
        embeddings: texts.map((t) => bagOfWordsVector(t)),
      });
    }
    if (req.method === 'POST' && request.path === '/api/chat') return this.chat(request, res);
    send(res, 404, { error: `unknown path ${request.path}` });
  }

  private async chat(request: RecordedRequest, res: ServerResponse): Promise<void> {
    // Cut at num_predict as Ollama cuts, which then says so in done_reason.
    const written = splitTokens(this.options.reply ?? 'Hello from Ollama.');
    const tokens = written.slice(0, request.body.options?.num_predict as number | undefined);
    const text = tokens.join('');
    const base = { model: request.body.model, created_at: new Date().toISOString() };
    const last = {
      ...base,
      message: { role: 'assistant', content: '' },
      done: true,
      done_reason: tokens.length < written.length ? 'length' : 'stop',
      prompt_eval_count: 5,
      eval_count: tokens.length,
    };
    if (request.body.stream === false) {
      return send(res, 200, { ...last, message: { role: 'assistant', content: text } });
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    for (const token of tokens) {
      if (this.options.tokenDelayMs) await sleep(this.options.tokenDelayMs);
      if (res.destroyed) return;
      res.write(
        `${JSON.stringify({ ...base, message: { role: 'assistant', content: token }, done: false })}\n`,
      );
    }
    res.end(`${JSON.stringify(last)}\n`);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
