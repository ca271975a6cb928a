import OpenAI from 'openai';
import { FakeOpenAiServer, splitTokens, type RecordedRequest } from './fakes/fake-openai.server';
import { FakeSearxngServer, type SearxngResult } from './fakes/fake-searxng.server';
import { UNSET_PROVIDER_ENV } from './utils/provider-env';
import { startTestApp, type TestApp } from './utils/test-app';

/**
 * /v1 against fake upstreams on 127.0.0.1: an OpenAI-compatible model server and SearxNG. The
 * official openai SDK is the client; the fakes record what reached them.
 */
type Completion = OpenAI.Chat.Completions.ChatCompletion & {
  citations: string[];
  search_results: Array<{ title: string; url: string; date: string | null; snippet: string }>;
  related_questions?: string[];
};
type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk & { related_questions?: string[] };

const ANSWER = 'Alpha comes first [1]. Beta follows it [2][1]. Gamma closes [3].';
const RELATED = [
  'What is alpha?',
  'Why does beta follow alpha?',
  'Where does gamma fit?',
  'Who named them?',
];
const HOUR = 3_600_000;

function isRelatedQuestionsCall(request: RecordedRequest): boolean {
  return String(request.body?.messages?.[0]?.content ?? '').includes('follow-up questions');
}

describe('/v1 against fake OpenAI and SearxNG upstreams (e2e)', () => {
  let t: TestApp;
  let llm: FakeOpenAiServer;
  let searxng: FakeSearxngServer;
  let client: OpenAI;
  let model: string;
  let results: SearxngResult[];

  beforeAll(async () => {
    llm = await FakeOpenAiServer.start({
      models: ['gpt-test', 'text-embedding-test'],
      reply: (request) =>
        isRelatedQuestionsCall(request) ? JSON.stringify({ questions: RELATED }) : ANSWER,
    });
    searxng = await FakeSearxngServer.start();
    searxng.setResults(() => results);
    t = await startTestApp({
      listen: true,
      env: {
        ...UNSET_PROVIDER_ENV,
        OPENAI_BASE_URL: llm.baseURL,
        OPENAI_API_KEY: 'sk-upstream',
        SEARXNG_URL: searxng.url,
        SEARXNG_FALLBACK_URLS: undefined,
        SEARCH_SVC_URL: undefined,
        SEARCH_CACHE_TTL_MS: '0',
        QUARRY_MODEL_ALIASES: undefined,
        QUARRY_DEFAULT_EMBEDDING_MODEL: undefined,
      },
    });
    client = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: 'caller-token', maxRetries: 0 });
    model = (await client.models.list()).data.find((m) => m.id.endsWith('/gpt-test'))!.id;
  });
  afterAll(async () => {
    // The aborted stream of the disconnect test can leave its socket open on the client side of
    // this process; closing connections keeps shutdown from waiting for it.
    t.app.getHttpServer().closeAllConnections();
    await t.close();
    await llm.close();
    await searxng.close();
  });
  beforeEach(() => {
    const now = Date.now();
    results = [
      {
        title: 'Alpha',
        url: 'https://a.example.com/alpha',
        content: 'Alpha comes first.',
        publishedDate: new Date(now - 10 * 60_000).toISOString(),
      },
      {
        title: 'Beta',
        url: 'https://b.example.org/beta',
        content: 'Beta follows alpha.',
        publishedDate: new Date(now - 3 * HOUR).toISOString(),
      },
      {
        title: 'Gamma',
        url: 'https://news.a.example.com/gamma',
        content: 'Gamma closes the list.',
      },
      {
        title: 'Delta',
        url: 'https://d.example.net/delta',
        content: 'Delta is older.',
        publishedDate: '2020-01-15T00:00:00',
      },
    ];
    searxng.reset();
    llm.requests.length = 0;
  });

  const create = (body: Record<string, unknown>) =>
    client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'alpha beta gamma delta' }],
      ...body,
    } as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming) as unknown as Promise<Completion>;

  const chatCalls = () => llm.requests.filter((r) => r.path === '/v1/chat/completions');

  /** What the fake reported for every chat call: its words as prompt, its reply tokens as completion. */
  function reportedUsage() {
    let prompt = 0;
    let completion = 0;
    for (const request of chatCalls()) {
      const messages = request.body.messages as Array<{ content: string }>;
      prompt += messages.reduce((sum, m) => sum + (m.content.match(/\S+/g)?.length ?? 0), 0);
      const reply = isRelatedQuestionsCall(request)
        ? JSON.stringify({ questions: RELATED })
        : ANSWER;
      completion += splitTokens(reply).length;
    }
    return {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    };
  }

  it('passes the sampling settings to the model and takes its usage, which adds up', async () => {
    const completion = await create({ temperature: 0.3, top_p: 0.5, max_tokens: 77 });
    expect(completion.choices[0].message.content).toBe(ANSWER);
    const answerCall = chatCalls().at(-1)!;
    expect(answerCall.body).toMatchObject({
      model: 'gpt-test',
      temperature: 0.3,
      top_p: 0.5,
      max_tokens: 77,
    });
    expect(completion.usage).toEqual(reportedUsage());
    const annotations = completion.choices[0].message.annotations!;
    expect(
      annotations.map((a) => ANSWER.slice(a.url_citation.start_index, a.url_citation.end_index)),
    ).toEqual(['[1]', '[2]', '[1]', '[3]']);
    expect(annotations.map((a) => a.url_citation.url)).toEqual([
      completion.citations[0],
      completion.citations[1],
      completion.citations[0],
      completion.citations[2],
    ]);
    expect(annotations[0].url_citation.title).toBe(completion.search_results[0].title);

    await create({ stop: 'END' });
    expect(chatCalls().at(-1)!.body).toMatchObject({ stop: ['END'] });
    await create({ stop: ['\n\n', 'END'] });
    expect(chatCalls().at(-1)!.body).toMatchObject({ stop: ['\n\n', 'END'] });
  });

  it('sums usage over every model call, streamed too, related questions included', async () => {
    const stream = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'alpha beta gamma delta' }],
      stream: true,
      stream_options: { include_usage: true },
      return_related_questions: true,
    } as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming);
    const chunks: Chunk[] = [];
    for await (const chunk of stream) chunks.push(chunk as Chunk);
    expect(chatCalls().length).toBe(2);
    expect(chunks.at(-1)!.usage).toEqual(reportedUsage());
    expect(chunks.at(-2)!.related_questions).toEqual(RELATED);
  });

  it("says finish_reason length when the model's answer was cut at max_tokens, whole and streamed", async () => {
    const cut = await create({ max_tokens: 3 });
    expect(cut.choices[0].message.content).toBe('Alpha comes first ');
    expect(cut.choices[0].finish_reason).toBe('length');
    const whole = await create({});
    expect(whole.choices[0].finish_reason).toBe('stop');

    const stream = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'alpha beta gamma delta' }],
      stream: true,
      max_tokens: 3,
    });
    const reasons: Array<string | null> = [];
    for await (const chunk of stream) reasons.push(chunk.choices[0]?.finish_reason ?? null);
    expect(reasons.filter(Boolean)).toEqual(['length']);
  });

  it('returns 3 to 5 related questions only when asked', async () => {
    const asked = await create({ return_related_questions: true });
    expect(asked.related_questions).toEqual(RELATED);
    expect(chatCalls().filter(isRelatedQuestionsCall)).toHaveLength(1);
    llm.requests.length = 0;
    const notAsked = await create({});
    expect(notAsked).not.toHaveProperty('related_questions');
    expect(chatCalls().filter(isRelatedQuestionsCall)).toHaveLength(0);
  });

  it('sends recency to SearxNG as time_range and drops results older than the period', async () => {
    const week = await create({ search_recency_filter: 'week' });
    expect(searxng.searches.at(-1)!.params).toMatchObject({
      q: 'alpha beta gamma delta',
      time_range: 'week',
    });
    expect(week.search_results.map((r) => r.title).sort()).toEqual(['Alpha', 'Beta', 'Gamma']);

    // SearxNG has no "hour": it is asked for a day, and Quarry drops what is older than an hour.
    const hour = await create({ search_recency_filter: 'hour' });
    expect(searxng.searches.at(-1)!.params.time_range).toBe('day');
    expect(hour.search_results.map((r) => r.title).sort()).toEqual(['Alpha', 'Gamma']);
    expect(hour.search_results.find((r) => r.title === 'Alpha')!.date).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    expect(hour.search_results.find((r) => r.title === 'Gamma')!.date).toBeNull();

    await create({});
    expect(searxng.searches.at(-1)!.params).not.toHaveProperty('time_range');
  });

  it('filters by publication dates in both formats', async () => {
    const before = await create({ search_before_date_filter: '12/31/2021' });
    expect(before.search_results.map((r) => r.title).sort()).toEqual(['Delta', 'Gamma']);
    const after = await create({ search_after_date_filter: '2021-01-01' });
    expect(after.search_results.map((r) => r.title).sort()).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('keeps allowed domains with their subdomains and drops denied ones', async () => {
    const allowed = await create({ search_domain_filter: ['a.example.com'] });
    expect(allowed.citations.sort()).toEqual([
      'https://a.example.com/alpha',
      'https://news.a.example.com/gamma',
    ]);
    const denied = await create({ search_domain_filter: ['-a.example.com', '-d.example.net'] });
    expect(denied.citations).toEqual(['https://b.example.org/beta']);
    // Markers beyond the one remaining source were removed from the answer, so none dangles.
    const content = denied.choices[0].message.content!;
    expect([...content.matchAll(/\[(\d+)\]/g)].map((m) => m[1])).toEqual(['1', '1']);
    expect(denied.choices[0].message.annotations).toHaveLength(2);
  });

  it('answers from the conversation alone with disable_search, searching nothing', async () => {
    const completion = await create({
      disable_search: true,
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: 'Name a letter.' },
        { role: 'assistant', content: 'Alpha.' },
        { role: 'user', content: 'Another one?' },
      ],
    });
    expect(searxng.searches).toHaveLength(0);
    expect(completion.citations).toEqual([]);
    const sent = chatCalls().at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[0].content).toContain('Be terse.');
    expect(sent.at(-1)!.content).toBe('Another one?');
  });

  it('stops the model call when the streaming client goes away', async () => {
    llm.setTokenDelay(50);
    try {
      const controller = new AbortController();
      const stream = await client.chat.completions.create(
        {
          model,
          messages: [{ role: 'user', content: 'alpha beta gamma delta' }],
          stream: true,
        } as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming,
        { signal: controller.signal },
      );
      const disconnected = llm.waitForDisconnect();
      let seen = 0;
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta.content && ++seen === 2) {
          controller.abort();
          break;
        }
      }
      await expect(disconnected).resolves.toMatchObject({ clientDisconnected: true });
    } finally {
      llm.setTokenDelay(0);
    }
  });

  it('maps a provider failure to an OpenAI-shaped 5xx, before the stream starts', async () => {
    llm.failNext({ status: 401, path: '/v1/chat/completions' });
    const error = await create({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(502);
    expect(apiError.error).toEqual({
      message: expect.stringMatching(/auth failed/),
      type: 'server_error',
      param: null,
      code: null,
    });
    expect(JSON.stringify(apiError.error)).not.toContain('sk-upstream');
  });

  it('answers 400 when the provider refuses a setting the client chose, not a 502 to retry', async () => {
    const refused = {
      status: 400,
      message: "Unsupported parameter: 'stop' is not supported with this model.",
      path: '/v1/chat/completions',
    };
    llm.failNext(refused);
    const error = await create({ stop: 'END' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({
      message: expect.stringMatching(/invalid request: .*Unsupported parameter: 'stop'/),
      type: 'invalid_request_error',
    });
  });

  it('answers 400 context_length_exceeded when the model says the conversation is over its context', async () => {
    const tooLong = {
      status: 400,
      code: 'context_length_exceeded',
      message: "This model's maximum context length is 8192 tokens.",
      path: '/v1/chat/completions',
    };
    // Speed mode asks the model only for the answer.
    llm.failNext(tooLong);
    const error = await create({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toEqual({
      message: expect.stringMatching(/context too long: .*maximum context length/),
      type: 'invalid_request_error',
      param: null,
      code: 'context_length_exceeded',
    });
  });
});
