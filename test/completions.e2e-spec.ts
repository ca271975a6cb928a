import SwaggerParser from '@apidevtools/swagger-parser';
import OpenAI from 'openai';
import { providerIdFor } from '../src/providers/config/provider-id';
import { NO_PROVIDER_ENV } from './utils/provider-env';
import { startTestApp, type TestApp } from './utils/test-app';

/**
 * /v1 with the official openai SDK as the client, against the built-in offline provider and the
 * `local` source (the project's docs/): what `npm start` offers with no network at all.
 */
type Completion = OpenAI.Chat.Completions.ChatCompletion & {
  citations: string[];
  search_results: Array<{ title: string; url: string; date: string | null; snippet: string }>;
  related_questions?: string[];
};
type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk & {
  citations?: string[];
  search_results?: Array<{ url: string }>;
  related_questions?: string[];
};
type Annotation = OpenAI.Chat.Completions.ChatCompletionMessage.Annotation;

const QUESTION = 'How are meta-search results cached, and where does the cache live?';

describe('/v1 with the built-in provider and local docs (e2e)', () => {
  let t: TestApp;
  let client: OpenAI;
  // Provider ids derive from type and name, the same on every start.
  const builtinId = providerIdFor('builtin', 'Built-in (offline)');

  beforeAll(async () => {
    t = await startTestApp({
      listen: true,
      env: {
        ...NO_PROVIDER_ENV,
        SEARXNG_URL: undefined,
        SEARCH_SVC_URL: undefined,
        LOCAL_DOCS_DIR: undefined,
        QUARRY_MODEL_ALIASES: `quarry-speed=${builtinId}/extractive:speed,quarry-deep=${builtinId}/extractive:quality+${builtinId}/hashing`,
        QUARRY_DEFAULT_EMBEDDING_MODEL: undefined,
      },
    });
    client = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: 'not-checked-in-dev', maxRetries: 0 });
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) =>
    client.chat.completions.create({
      model: 'quarry-speed',
      messages: [{ role: 'user', content: QUESTION }],
      search_mode: 'local',
      ...body,
    } as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming) as unknown as Promise<Completion>;

  function expectExactAnnotations(content: string, annotations: Annotation[], citations: string[]) {
    const markers = [...content.matchAll(/\[(\d+)\]/g)];
    expect(markers.length).toBeGreaterThan(0);
    expect(annotations).toHaveLength(markers.length);
    annotations.forEach((annotation, i) => {
      const { start_index, end_index, url } = annotation.url_citation;
      expect(annotation.type).toBe('url_citation');
      expect(start_index).toBe(markers[i].index);
      expect(content.slice(start_index, end_index)).toBe(markers[i][0]);
      expect(url).toBe(citations[Number(markers[i][1]) - 1]);
    });
  }

  it('lists the chat models and the aliases', async () => {
    const models = await client.models.list();
    const ids = models.data.map((model) => model.id);
    expect(ids).toEqual([`${builtinId}/extractive`, 'quarry-speed', 'quarry-deep']);
    expect(models.data[0]).toEqual({
      id: `${builtinId}/extractive`,
      object: 'model',
      created: expect.any(Number),
      owned_by: expect.any(String),
    });
    // The SDK sends the id's slash encoded.
    expect(await client.models.retrieve(`${builtinId}/extractive`)).toEqual(models.data[0]);
    expect(await client.models.retrieve('quarry-deep')).toMatchObject({ id: 'quarry-deep' });
    const missing = await client.models.retrieve(`${builtinId}/nope`).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect((missing as InstanceType<typeof OpenAI.NotFoundError>).error).toMatchObject({
      code: 'model_not_found',
    });
  });

  it('answers with citations, search_results, exact url_citation annotations and counted usage', async () => {
    const completion = await create({});
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'quarry-speed' });
    expect(completion.id).toMatch(/^chatcmpl-/);
    const [choice] = completion.choices;
    expect(choice).toMatchObject({
      index: 0,
      finish_reason: 'stop',
      message: { role: 'assistant' },
    });
    const content = choice.message.content!;
    expect(content).toMatch(/cache/i);
    expect(completion.citations.length).toBeGreaterThan(0);
    expect(completion.search_results.map((r) => r.url)).toEqual(completion.citations);
    for (const result of completion.search_results) {
      expect(result).toEqual({
        title: expect.any(String),
        url: expect.stringMatching(/^file:\/\//),
        date: null,
        snippet: expect.any(String),
      });
    }
    expectExactAnnotations(content, choice.message.annotations!, completion.citations);
    const usage = completion.usage!;
    expect(usage.prompt_tokens).toBeGreaterThan(0);
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(completion.related_questions).toBeUndefined();
  });

  it('answers a conversation an agent sends, with its tool calls and results in the history', async () => {
    const completion = await create({
      messages: [
        { role: 'user', content: 'What is the weather in Oslo?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'weather', arguments: '{"city":"Oslo"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"celsius": 4}' },
        { role: 'user', content: QUESTION },
      ],
    });
    expect(completion.citations.length).toBeGreaterThan(0);
  });

  it('holds the built-in answer to max_tokens, ending with finish_reason length', async () => {
    const whole = (await create({})).choices[0].message.content!;
    const cut = await create({ max_tokens: 5 });
    const content = cut.choices[0].message.content!;
    expect(content.length).toBeGreaterThan(0);
    expect(whole.startsWith(content) && content.length < whole.length).toBe(true);
    expect(cut.choices[0].finish_reason).toBe('length');
    expect(cut.usage!.completion_tokens).toBeLessThanOrEqual(5);

    const stream = await client.chat.completions.create({
      model: 'quarry-speed',
      messages: [{ role: 'user', content: QUESTION }],
      search_mode: 'local',
      stream: true,
      max_completion_tokens: 5,
    } as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming);
    let streamed = '';
    const reasons: string[] = [];
    for await (const chunk of stream) {
      streamed += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.choices[0]?.finish_reason) reasons.push(chunk.choices[0].finish_reason);
    }
    expect({ streamed, reasons }).toEqual({ streamed: content, reasons: ['length'] });
  });

  it('ends the answer before the first stop sequence, as OpenAI does', async () => {
    const whole = (await create({})).choices[0].message.content!;
    const cut = (await create({ stop: ['[', 'never written'] })).choices[0].message.content!;
    expect(cut.length).toBeGreaterThan(0);
    expect(cut).toBe(whole.slice(0, whole.indexOf('[')));
    // A sequence across the end of one streamed sentence and the start of the next.
    const next = whole.indexOf('. ') + 2;
    expect(next).toBeGreaterThan(2);
    const stop = whole.slice(next - 3, next + 3);
    const stream = await client.chat.completions.create({
      model: 'quarry-speed',
      messages: [{ role: 'user', content: QUESTION }],
      search_mode: 'local',
      stream: true,
      stop,
    } as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming);
    let streamed = '';
    for await (const chunk of stream) streamed += chunk.choices[0]?.delta?.content ?? '';
    expect(streamed).toBe(whole.slice(0, whole.indexOf(stop)));
    // No sequences is no stop.
    expect((await create({ stop: [] })).choices[0].message.content).toBe(whole);
  });

  it('streams chunks: citations first, content, annotations with finish_reason, then usage', async () => {
    const stream = await client.chat.completions.create({
      model: 'quarry-speed',
      messages: [{ role: 'user', content: QUESTION }],
      stream: true,
      stream_options: { include_usage: true },
      search_mode: 'local',
    } as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming);
    const chunks: Chunk[] = [];
    for await (const chunk of stream) chunks.push(chunk as Chunk);
    const [first, ...rest] = chunks;
    expect(first.choices[0].delta).toEqual({ role: 'assistant', content: '' });
    expect(first.citations!.length).toBeGreaterThan(0);
    expect(first.search_results!.map((r) => r.url)).toEqual(first.citations);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    const usageChunk = rest.at(-1)!;
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage!.total_tokens).toBe(
      usageChunk.usage!.prompt_tokens + usageChunk.usage!.completion_tokens,
    );
    for (const chunk of chunks.slice(0, -1)) expect(chunk.usage).toBeNull();
    const last = rest.at(-2)!;
    expect(last.choices[0].finish_reason).toBe('stop');
    const content = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    const annotations = (last.choices[0].delta as { annotations: Annotation[] }).annotations;
    expectExactAnnotations(content, annotations, first.citations!);
    expect(last.related_questions).toBeUndefined();

    // The same answer whole: streaming changes the framing, not the content.
    const whole = await create({});
    expect(whole.choices[0].message.content).toBe(content);
  });

  it('writes the stream as OpenAI does: data lines, blank lines, data: [DONE]', async () => {
    const res = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'quarry-speed',
        messages: [{ role: 'user', content: QUESTION }],
        search_mode: 'local',
        stream: true,
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    const events = text.split('\n\n').filter(Boolean);
    for (const event of events) expect(event).toMatch(/^data: /);
    const objects = events.slice(0, -1).map((event) => JSON.parse(event.slice(6)));
    for (const object of objects) expect(object).not.toHaveProperty('usage');
    expect(objects.at(-1).choices[0].finish_reason).toBe('stop');
  });

  it('adds related_questions only when asked', async () => {
    const asked = await create({ return_related_questions: true });
    expect(Array.isArray(asked.related_questions)).toBe(true);
    expect(asked.related_questions!.length).toBeLessThanOrEqual(5);
    const stream = await client.chat.completions.create({
      model: 'quarry-speed',
      messages: [{ role: 'user', content: QUESTION }],
      stream: true,
      search_mode: 'local',
      return_related_questions: true,
    } as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming);
    const chunks: Chunk[] = [];
    for await (const chunk of stream) chunks.push(chunk as Chunk);
    expect(chunks.at(-1)!.related_questions).toEqual(asked.related_questions);
    expect(chunks.slice(0, -1).every((c) => c.related_questions === undefined)).toBe(true);
  });

  it('applies max_sources, domain filters and disable_search', async () => {
    const two = await create({ max_sources: 2 });
    expect(two.citations.length).toBe(2);
    // Local documents have file:// URLs: an allow list of web domains leaves nothing...
    const allowed = await create({ search_domain_filter: ['example.com'] });
    expect(allowed.citations).toEqual([]);
    expect(allowed.choices[0].message.annotations).toEqual([]);
    // ...a deny list keeps them.
    const denied = await create({ search_domain_filter: ['-example.com'], max_sources: 3 });
    expect(denied.citations.length).toBe(3);
    const noSearch = await create({ disable_search: true });
    expect(noSearch.citations).toEqual([]);
    expect(noSearch.search_results).toEqual([]);
  });

  it("answers client mistakes with 400 in OpenAI's error shape, naming the field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ search_recency_filter: 'fortnight' }, 'search_recency_filter'],
      [{ search_after_date_filter: '2025-02-30' }, 'search_after_date_filter'],
      [{ search_before_date_filter: 'yesterday' }, 'search_before_date_filter'],
      [
        { search_domain_filter: Array.from({ length: 21 }, (_, i) => `d${i}.com`) },
        'search_domain_filter',
      ],
      [{ search_domain_filter: ['not a domain'] }, 'search_domain_filter'],
      [{ search_mode: 'sec' }, 'search_mode'],
      [{ max_sources: 51 }, 'max_sources'],
      [{ temperature: 3 }, 'temperature'],
      [{ n: 2 }, 'n'],
      [{ stop: 42 }, 'stop'],
      [{ stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop'],
      [{ stop: [''] }, 'stop'],
      [{ web_search_options: { search_context_size: 'huge' } }, 'web_search_options'],
      [{ messages: [{ role: 'assistant', content: 'hi' }] }, 'messages'],
      [{ messages: [{ role: 'tool', content: 'x' }] }, 'messages'],
      [{ messages: [{ role: 'user', content: null }] }, 'messages'],
      [
        { search_after_date_filter: '03/02/2025', search_before_date_filter: '03/01/2025' },
        'search_after_date_filter',
      ],
    ];
    for (const [body, param] of cases) {
      const error = await create(body).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      const apiError = error as InstanceType<typeof OpenAI.BadRequestError>;
      expect(apiError.status).toBe(400);
      expect(apiError.error).toEqual({
        message: expect.any(String),
        type: 'invalid_request_error',
        param,
        code: null,
      });
    }
    // A nested field is named by its path, once.
    const nested = (await create({ stream_options: { include_usage: 'yes' } }).catch(
      (e: unknown) => e,
    )) as InstanceType<typeof OpenAI.BadRequestError>;
    expect(nested.error).toMatchObject({
      message: 'stream_options.include_usage must be a boolean',
      param: 'stream_options',
    });
  });

  it('answers an unknown model with 404 model_not_found, and unknown /v1 paths in the same shape', async () => {
    const error = await create({ model: 'gpt-nonexistent' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as InstanceType<typeof OpenAI.NotFoundError>).error).toEqual({
      message: expect.stringContaining('gpt-nonexistent'),
      type: 'invalid_request_error',
      param: 'model',
      code: 'model_not_found',
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: {
        message: expect.any(String),
        type: 'invalid_request_error',
        param: null,
        code: 'not_found',
      },
    });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { 'content-type': 'application/json' },
      payload: '{"model": ',
    });
    // Fastify rejects an unreadable body before any route or filter runs.
    expect(badJson.statusCode).toBe(400);
    // The rest of the service keeps its own shape.
    const other = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(other.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('leaves POST /api/search answering the Perplexica shape, with the new filters optional', async () => {
    const perplexica = {
      chatModel: { providerId: builtinId, key: 'extractive' },
      embeddingModel: { providerId: builtinId, key: 'hashing' },
      sources: ['local'],
      query: QUESTION,
      optimizationMode: 'speed',
      history: [
        ['human', 'Hi'],
        ['assistant', 'Hello!'],
      ],
    };
    const plain = await t.app.inject({ method: 'POST', url: '/api/search', payload: perplexica });
    expect(plain.statusCode).toBe(200);
    const body = plain.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'sources']);
    for (const source of body.sources) {
      expect(Object.keys(source).sort()).toEqual(['content', 'metadata']);
      expect(Object.keys(source.metadata).sort()).toEqual(['title', 'url']);
    }
    const filtered = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      payload: {
        ...perplexica,
        maxSources: 2,
        domainFilter: ['-example.com'],
        recencyFilter: 'year',
      },
    });
    expect(filtered.statusCode).toBe(200);
    expect(Object.keys(filtered.json()).sort()).toEqual(['message', 'sources']);
    expect(filtered.json().sources).toHaveLength(2);
    const stream = await fetch(`${t.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...perplexica, maxSources: 2, stream: true }),
    });
    const types = (await stream.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { type: string }).type);
    expect(new Set(types)).toEqual(new Set(['init', 'sources', 'response', 'done']));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      payload: { ...perplexica, afterDate: '31/12/2025' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('afterDate'),
    });
  });

  it('documents the /v1 routes in a valid OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const document = res.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v1/chat/completions', '/v1/models']),
    );
    // Validated on its own: this suite answers for the /v1 paths, not for every module's.
    const v1Only = {
      ...document,
      paths: Object.fromEntries(
        Object.entries(document.paths).filter(([path]) => path.startsWith('/v1/')),
      ),
    };
    await expect(SwaggerParser.validate(structuredClone(v1Only))).resolves.toBeDefined();
    const post = document.paths['/v1/chat/completions'].post;
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '429', '502', '503']),
    );
  });
});
