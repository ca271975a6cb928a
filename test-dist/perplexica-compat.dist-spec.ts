import { ContractClient, expectStatus, type CallResult } from './support/contract-client';
import { distEnv } from './support/dist-env';

const BUILTIN = 'f3940a4c-6411-599a-84a5-f1cc0898e3f3';

interface Source {
  content: string;
  metadata: { title: string; url: string };
}
interface StreamMessage {
  type: string;
  data?: unknown;
}
type ModelsByProvider = Record<string, Record<string, { displayName: string }>>;

/**
 * Perplexica clients of every API generation, their bodies sent unchanged to the built service,
 * and Perplexica's other routes (models by provider, images, videos, suggestions, the routes that
 * moved to siblings). Every answer is checked against /docs/json by the contract client.
 */
describe('Perplexica clients of every generation, against the built service', () => {
  const env = distEnv();
  let client: ContractClient;

  beforeAll(async () => {
    client = await ContractClient.create();
  });

  describe('GET /api/models', () => {
    it('lists the registry of /api/providers by provider key, in the older shape', async () => {
      const res = await client.call('GET', '/api/models');
      expectStatus(res, 200);
      const models = res.json<{
        chatModelProviders: ModelsByProvider;
        embeddingModelProviders: ModelsByProvider;
      }>();
      // Configured providers first (environment shortcuts), the built-in one last.
      expect(Object.keys(models.chatModelProviders)).toEqual(['openai', 'ollama', 'builtin']);
      expect(models.chatModelProviders.builtin).toEqual({
        extractive: { displayName: 'Extractive (offline)' },
      });
      expect(models.chatModelProviders.openai['gpt-4o-mini']).toEqual({
        displayName: expect.any(String),
      });
      expect(models.embeddingModelProviders.builtin).toEqual({
        hashing: { displayName: 'Hashing TF-IDF (offline)' },
      });
      expect(Object.keys(models.embeddingModelProviders.openai)).toContain(
        'text-embedding-3-small',
      );
    });
  });

  describe('POST /api/search, each generation plain and streamed', () => {
    const generations: Array<[string, Record<string, unknown>]> = [
      [
        'new: sources and { providerId, key }',
        {
          chatModel: { providerId: BUILTIN, key: 'extractive' },
          embeddingModel: { providerId: BUILTIN, key: 'hashing' },
          sources: ['web'],
          optimizationMode: 'speed',
          query: 'What is Perplexica',
          history: [
            ['human', 'Hi, how are you?'],
            ['assistant', 'I am doing well, how can I help you today?'],
          ],
          systemInstructions: 'Be brief.',
        },
      ],
      [
        'mid: focusMode, extra queries, role ai',
        {
          chatModel: { providerId: BUILTIN, key: 'extractive' },
          embeddingModel: { providerId: BUILTIN, key: 'hashing' },
          focusMode: 'webSearch',
          optimizationMode: 'balanced',
          query: 'What is Perplexica',
          queries: ['perplexica'],
          history: [
            ['human', 'Hi, how are you?'],
            ['ai', 'I am doing well, how can I help you today?'],
          ],
        },
      ],
      [
        'old: no models at all (the defaults: the first configured provider)',
        {
          query: 'What is Perplexica',
          focusMode: 'webSearch',
          optimizationMode: 'balanced',
          stream: false,
        },
      ],
      [
        'old: { provider, name } and roles human/assistant',
        {
          chatModel: { provider: 'openai', name: 'gpt-4o-mini' },
          embeddingModel: { provider: 'builtin', model: 'hashing' },
          optimizationMode: 'speed',
          focusMode: 'webSearch',
          query: 'What is Perplexica',
          history: [
            ['human', 'Hi, how are you?'],
            ['assistant', 'I am doing well, how can I help you today?'],
          ],
        },
      ],
    ];

    it.each(generations)('%s: 200 with a message and sources', async (_name, body) => {
      const plain = await client.call('POST', '/api/search', { body });
      expectStatus(plain, 200);
      const answer = plain.json<{ message: string; sources: Source[] }>();
      expect(answer.message.length).toBeGreaterThan(0);
      expect(answer.sources.length).toBeGreaterThan(0);
      for (const source of answer.sources)
        expect(source.metadata.url.startsWith(env.searxngUrl)).toBe(true);

      const { stream: _stream, ...rest } = body;
      const streamed = await client.call('POST', '/api/search', {
        body: { ...rest, stream: true },
      });
      expectStatus(streamed, 200);
      expect(streamed.contentType).toMatch(/^text\/event-stream/);
      const lines = ndjson(streamed);
      expect(lines[0]).toEqual({ type: 'init', data: 'Stream connected' });
      expect(lines[1]).toEqual({ type: 'sources', data: answer.sources });
      expect(lines.at(-1)).toEqual({ type: 'done' });
      const text = lines
        .slice(2, -1)
        .map((line) => line.data)
        .join('');
      expect(text).toBe(answer.message);
    });

    it('writes the answer of a body without models with the first configured provider', async () => {
      const res = await client.call('POST', '/api/search', {
        body: { query: 'What is Perplexica', focusMode: 'webSearch' },
      });
      expectStatus(res, 200);
      expect(res.json<{ message: string }>().message).toContain(
        'Quarry caches meta-search results',
      );
    });

    it.each([
      [
        'customOpenAIBaseURL in chatModel',
        {
          chatModel: {
            provider: 'custom_openai',
            name: 'x',
            customOpenAIBaseURL: 'http://10.0.0.1',
            customOpenAIKey: 'k',
          },
        },
        /chatModel\.customOpenAIBaseURL and chatModel\.customOpenAIKey are not accepted/,
      ],
      [
        'customOpenAIBaseURL at the top level',
        { customOpenAIBaseURL: 'http://10.0.0.1/v1' },
        /customOpenAIBaseURL is not accepted/,
      ],
      [
        'an unknown { provider, name }',
        { chatModel: { provider: 'anthropic', name: 'claude' } },
        /valid providers: openai \(OpenAI\), ollama \(Ollama\), builtin/,
      ],
    ])('answers %s with one 400 message saying what is valid', async (_name, change, pattern) => {
      const res = await client.call('POST', '/api/search', {
        body: { query: 'q', focusMode: 'webSearch', ...change },
      });
      expectStatus(res, 400);
      const { message } = res.json<{ message: string | string[] }>();
      const messages = Array.isArray(message) ? message : [message];
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(pattern);
    });
  });

  describe('POST /api/images and /api/videos', () => {
    const history = [
      ['human', 'Tell me about Paris'],
      ['assistant', 'Paris is the capital of France.'],
    ];

    it("finds images in SearxNG's images category, history as [role, content] pairs", async () => {
      const res = await client.call('POST', '/api/images', {
        body: {
          query: 'And its cathedral?',
          chatHistory: history,
          chatModel: { provider: 'builtin', name: 'extractive' },
        },
      });
      expectStatus(res, 200);
      const { images } = res.json<{ images: Array<Record<string, string>> }>();
      expect(images).toHaveLength(5);
      expect(images[0]).toEqual({
        img_src: `${env.searxngUrl}/img/1.jpg`,
        url: `${env.searxngUrl}/pages/image-page-1`,
        // The fake titles results after the query it was sent: the rewritten, standalone one.
        title: expect.stringMatching(/paris.*cathedral|cathedral.*paris/i),
      });
    });

    it('finds embeddable videos only, history as { role, content } objects', async () => {
      const res = await client.call('POST', '/api/videos', {
        body: {
          query: 'And its cathedral?',
          chatHistory: history.map(([role, content]) => ({ role, content })),
          chatModel: { providerId: BUILTIN, key: 'extractive' },
        },
      });
      expectStatus(res, 200);
      const { videos } = res.json<{ videos: Array<Record<string, string>> }>();
      // The fake's fourth video (vimeo) has no iframe_src.
      expect(videos).toHaveLength(3);
      expect(videos[0]).toEqual({
        img_src: 'https://i.ytimg.com/vi/vid1/hqdefault.jpg',
        url: 'https://www.youtube.com/watch?v=vid1',
        title: expect.any(String),
        iframe_src: 'https://www.youtube-nocookie.com/embed/vid1',
      });
    });

    it('rewrites with the default chat model when none is named (the OpenAI fake)', async () => {
      const res = await client.call('POST', '/api/videos', {
        body: { query: 'And its cathedral?', chatHistory: history },
      });
      expectStatus(res, 200);
      expect(res.json<{ videos: unknown[] }>().videos).toHaveLength(3);
    });

    it('answers 400 in the error shape for a bad history role and for no query', async () => {
      const bad = await client.call('POST', '/api/videos', {
        body: { query: 'paris', chatHistory: [['system', 'x']] },
      });
      expectStatus(bad, 400);
      expect(bad.json<{ message: string[] }>().message).toEqual([
        'chatHistory[0] role must be one of: human, assistant, user, ai',
      ]);
      expectStatus(await client.call('POST', '/api/images', { body: { chatHistory: [] } }), 400);
    });
  });

  describe('POST /api/suggestions', () => {
    it('suggests 3 to 5 real follow-up questions drawn from the conversation', async () => {
      const res = await client.call('POST', '/api/suggestions', {
        body: {
          chatHistory: [
            { role: 'user', content: 'How are meta-search results cached?' },
            {
              role: 'assistant',
              content:
                'Results are cached under a SHA-256 of the backend, query and parameters for ' +
                'SEARCH_CACHE_TTL_MS [1]. The cache lives in Redis when REDIS_URL is set, so ' +
                'replicas share it [2].',
            },
          ],
          chatModel: { providerId: BUILTIN, key: 'extractive' },
        },
      });
      expectStatus(res, 200);
      const { suggestions } = res.json<{ suggestions: string[] }>();
      expect(suggestions.length).toBeGreaterThanOrEqual(3);
      expect(suggestions.length).toBeLessThanOrEqual(5);
      for (const question of suggestions) {
        expect(question).toMatch(/\?$/);
        expect(question).not.toMatch(/suggest|json|follow-up|conversation above/i);
      }
      expect(suggestions.join(' ')).toMatch(/Redis|SEARCH_CACHE_TTL_MS|SHA-256/);
    });

    it('asks about what the question names, not about its verbs', async () => {
      const res = await client.call('POST', '/api/suggestions', {
        body: {
          chatHistory: [
            ['human', 'Can Apache limit how fast clients download large files?'],
            ['ai', 'The bandwidth of a response can be capped with a filter [1].'],
          ],
          chatModel: { provider: 'builtin', name: 'extractive' },
        },
      });
      expectStatus(res, 200);
      const { suggestions } = res.json<{ suggestions: string[] }>();
      expect(suggestions.length).toBeGreaterThanOrEqual(3);
      expect(suggestions.join(' ')).not.toMatch(/Apache limit|clients download/);
    });

    it('accepts [role, content] pairs with role ai and the older model reference', async () => {
      const res = await client.call('POST', '/api/suggestions', {
        body: {
          chatHistory: [
            ['human', 'How are meta-search results cached?'],
            ['ai', 'In Redis when REDIS_URL is set [1].'],
          ],
          chatModel: { provider: 'builtin', name: 'extractive' },
        },
      });
      expectStatus(res, 200);
      expect(res.json<{ suggestions: string[] }>().suggestions.length).toBeGreaterThanOrEqual(3);
    });

    it('answers 400 for an empty conversation and for customOpenAIKey', async () => {
      const empty = await client.call('POST', '/api/suggestions', { body: { chatHistory: [] } });
      expectStatus(empty, 400);
      expect(empty.json<{ message: string[] }>().message).toEqual([
        expect.stringMatching(/chatHistory must hold at least one turn/),
      ]);
      const refused = await client.call('POST', '/api/suggestions', {
        body: { chatHistory: [['human', 'hi']], customOpenAIKey: 'sk-x' },
      });
      expectStatus(refused, 400);
      expect(refused.text).toMatch(/customOpenAIKey is not accepted/);
    });
  });

  describe('routes that moved to siblings', () => {
    it.each([
      ['/api/discover', '/api/v1/discover'],
      ['/api/discover?topic=tech', '/api/v1/discover'],
      ['/api/chats', '/api/v1/library'],
      ['/api/chats/42', '/api/v1/library'],
    ])('answers GET %s with 404 in the error shape naming %s', async (path, servedAt) => {
      const res = await client.call('GET', path);
      expectStatus(res, 404);
      expect(res.json()).toMatchObject({
        statusCode: 404,
        error: 'Not Found',
        requestId: expect.any(String),
        message: expect.stringContaining(servedAt),
      });
    });
  });
});

function ndjson(res: CallResult): StreamMessage[] {
  return res.text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StreamMessage);
}
