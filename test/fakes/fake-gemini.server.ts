import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer } from './fake-provider.server';
import { bagOfWordsVector, sleep, splitTokens } from './fake-openai.server';

/**
 * A fake Gemini API (generativelanguage v1beta) on 127.0.0.1: GET /v1beta/models,
 * POST /v1beta/models/{m}:generateContent, :streamGenerateContent?alt=sse, :embedContent and
 * :batchEmbedContents.
 *
 *   const fake = await FakeGeminiServer.start({ apiKey: 'g-key' });
 *   new GoogleGenAI({ apiKey: 'g-key', httpOptions: { baseUrl: fake.url } });
 */
export interface FakeGeminiOptions {
  reply?: string;
  tokenDelayMs?: number;
  /** When set, requests without this x-goog-api-key get 400 API_KEY_INVALID, as Google answers. */
  apiKey?: string;
}

const MODELS = [
  {
    name: 'models/gemini-2.5-flash',
    displayName: 'Gemini 2.5 Flash',
    supportedGenerationMethods: ['generateContent', 'countTokens'],
  },
  {
    name: 'models/text-embedding-004',
    displayName: 'Text Embedding 004',
    supportedGenerationMethods: ['embedContent'],
  },
];

export class FakeGeminiServer extends FakeProviderServer<FakeGeminiOptions> {
  static start(options: FakeGeminiOptions = {}): Promise<FakeGeminiServer> {
    return new FakeGeminiServer({ ...options }).listen();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = await this.log.record(req, res);
    if (this.options.apiKey && req.headers['x-goog-api-key'] !== this.options.apiKey) {
      return sendError(
        res,
        400,
        'INVALID_ARGUMENT',
        'API key not valid. Please pass a valid API key.',
      );
    }
    const status = this.failures.shift();
    if (status)
      return sendError(
        res,
        status,
        status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL',
        `fake ${status}`,
      );
    if (req.method === 'GET' && request.path === '/v1beta/models')
      return send(res, 200, { models: MODELS });
    const call = /^\/v1beta\/models\/([^:]+):(\w+)$/.exec(request.path);
    if (req.method !== 'POST' || !call)
      return sendError(res, 404, 'NOT_FOUND', `unknown path ${request.path}`);
    const [, model, method] = call;
    if (!MODELS.some((m) => m.name === `models/${model}`)) {
      return sendError(res, 404, 'NOT_FOUND', `models/${model} is not found`);
    }
    const embedding = (content: { parts: Array<{ text: string }> }) => ({
      values: bagOfWordsVector(content.parts.map((part) => part.text).join(' ')),
    });
    if (method === 'embedContent')
      return send(res, 200, { embedding: embedding(request.body.content) });
    if (method === 'batchEmbedContents') {
      const requests = request.body.requests as Array<{
        content: { parts: Array<{ text: string }> };
      }>;
      return send(res, 200, { embeddings: requests.map((r) => embedding(r.content)) });
    }
    // Cut at maxOutputTokens as Gemini cuts, which then says so in finishReason.
    const written = splitTokens(this.reply());
    const max = request.body.generationConfig?.maxOutputTokens as number | undefined;
    const tokens = written.slice(0, max);
    const finish = tokens.length < written.length ? 'MAX_TOKENS' : 'STOP';
    if (method === 'generateContent') return send(res, 200, this.response(tokens.join(''), finish));
    if (method === 'streamGenerateContent') return this.stream(res, tokens, finish);
    sendError(res, 404, 'NOT_FOUND', `unknown method ${method}`);
  }

  private reply(): string {
    return this.options.reply ?? 'Hello from Gemini.';
  }

  private response(text: string, finishReason?: string) {
    return {
      candidates: [
        {
          content: { role: 'model', parts: [{ text }] },
          index: 0,
          ...(finishReason ? { finishReason } : {}),
        },
      ],
      usageMetadata: {
        promptTokenCount: 6,
        candidatesTokenCount: splitTokens(this.reply()).length,
        totalTokenCount: 6 + splitTokens(this.reply()).length,
      },
      modelVersion: 'fake',
    };
  }

  private async stream(res: ServerResponse, tokens: string[], finish: string): Promise<void> {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let i = 0; i < tokens.length; i++) {
      if (this.options.tokenDelayMs) await sleep(this.options.tokenDelayMs);
      if (res.destroyed) return;
      res.write(
        `data: ${JSON.stringify(this.response(tokens[i], i === tokens.length - 1 ? finish : undefined))}\r\n\r\n`,
      );
    }
    res.end();
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, code: number, status: string, message: string): void {
  send(res, code, { error: { code, message, status } });
}
