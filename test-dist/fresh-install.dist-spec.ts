import OpenAI from 'openai';
import { OpenApiContract } from './support/openapi-contract';
import { QuarryProcess } from './support/quarry-process';

const BUILTIN = 'f3940a4c-6411-599a-84a5-f1cc0898e3f3';

/**
 * The built service as a fresh install runs it: no meta-search backend, no keys, the project's
 * docs/ as the local source. What a client that asks for the web gets, whole or streamed, and
 * what an unchanged OpenAI client gets.
 */
describe('the built service with no meta-search backend', () => {
  let quarry: QuarryProcess;
  let contract: OpenApiContract;

  beforeAll(async () => {
    quarry = await QuarryProcess.start({ AUTH_REQUIRED: 'false', DATABASE_URL: '' });
    contract = await OpenApiContract.fetch(quarry.url);
  }, 60_000);
  afterAll(() => quarry?.stop());

  async function post(path: string, body: unknown) {
    const res = await fetch(`${quarry.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const observed = {
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: text,
    };
    expect(contract.problemsOf('POST', path, observed)).toEqual([]);
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  }

  it('answers a web search 503 whole and streamed, before any stream opens', async () => {
    const ask = { query: 'How are results cached?', sources: ['web'] };
    for (const body of [ask, { ...ask, stream: true }]) {
      const res = await post('/api/search', body);
      expect(res).toEqual({
        status: 503,
        body: expect.objectContaining({
          statusCode: 503,
          message: expect.stringMatching(/No meta-search backend is configured/),
        }),
      });
    }
    const streamed = await post('/api/search/stream', ask);
    expect(streamed.status).toBe(503);
    // With local beside the web, the answer comes from the local documents.
    const mixed = await post('/api/search', { ...ask, sources: ['web', 'local'] });
    expect(mixed.status).toBe(200);
    expect((mixed.body.sources as unknown[]).length).toBeGreaterThan(0);
  });

  it('gives an OpenAI client that names no search_mode an answer from the local documents', async () => {
    const client = new OpenAI({ baseURL: `${quarry.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: `${BUILTIN}/extractive`,
      messages: [{ role: 'user', content: 'How are meta-search results cached?' }],
    });
    const citations = (completion as unknown as { citations: string[] }).citations;
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((url) => url.startsWith('file://'))).toBe(true);
    expect(completion.choices[0].message.content).toMatch(/\[\d+\]/);
  });
});
