import { startTestApp, type TestApp } from './utils/test-app';

/**
 * Answer quality of what a fresh install offers with no network and no keys: the built-in
 * extractive model and hashing embedding over the `local` source (this project's docs/ folder).
 * Each question has a fact in the docs; the answer must state it, every sentence must be prose
 * quoted from the source it cites, and nothing may be code, a table row or Markdown markup.
 */
interface SearchReply {
  message: string;
  sources: Array<{ content: string; metadata: { title: string; url: string } }>;
}

const NOTHING_RELEVANT = 'The sources provided contain nothing relevant to this question.';
/** The search pipeline passes the mode on; the model writes at most 4/6/9 sentences for speed/balanced/quality. */
const MAX_SENTENCES = { speed: 4, balanced: 6 } as const;
const CITED_SENTENCE = /(.+?) \[(\d+)\][.!?…]["'»”)]*(?:\s|$)/gu;

/** [question, a phrase the answer must contain] — each a fact stated once in prose in docs/. */
const QUESTIONS: Array<[string, RegExp]> = [
  ['How are meta-search results cached?', /cached under a SHA-256/],
  ['What does focusMode map to?', /focusMode maps to sources: webSearch/],
  ['How do I configure an Ollama provider?', /OLLAMA_BASE_URL/],
  [
    'What happens when the client disconnects?',
    /client disconnects, the upstream request is aborted/,
  ],
  ['How are webhooks signed?', /HMAC/],
  ['What is the default port?', /\b3000\b/],
  ['Which headers does the proxy forward to sibling services?', /X-Forwarded-For/],
  ['What does the local source search?', /LOCAL_DOCS_DIR/],
];

/** "Some text [2]." pieces of an answer: the quoted text and the source number it cites. */
function citedSentences(message: string): Array<{ text: string; source: number }> {
  return [...message.matchAll(CITED_SENTENCE)].map((match) => ({
    text: match[1].trim(),
    source: Number(match[2]),
  }));
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('Offline answers over the project docs (e2e)', () => {
  let t: TestApp;
  let builtinId: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        // Nothing but the built-in provider and the docs/ folder, as on a fresh machine.
        SEARXNG_URL: undefined,
        SEARCH_SVC_URL: undefined,
        OPENAI_BASE_URL: undefined,
        OPENAI_API_KEY: undefined,
        OLLAMA_BASE_URL: undefined,
        ANTHROPIC_API_KEY: undefined,
        GEMINI_API_KEY: undefined,
        PROVIDERS_FILE: undefined,
        LOCAL_DOCS_DIR: undefined,
        // A fresh machine has no PostgreSQL either: docs/ is indexed in memory.
        DATABASE_URL: undefined,
      },
    });
    const providers = (await t.app.inject({ method: 'GET', url: '/api/providers' })).json();
    builtinId = providers.providers.find((provider: { chatModels: Array<{ key: string }> }) =>
      provider.chatModels.some((model) => model.key === 'extractive'),
    ).id;
  });
  afterAll(() => t.close());

  async function ask(query: string, optimizationMode = 'speed'): Promise<SearchReply> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      payload: {
        chatModel: { providerId: builtinId, key: 'extractive' },
        embeddingModel: { providerId: builtinId, key: 'hashing' },
        sources: ['local'],
        optimizationMode,
        query,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json<SearchReply>();
  }

  describe.each(['speed', 'balanced'] as const)('in %s mode', (mode) => {
    it.each(QUESTIONS)('%s', async (question, expected) => {
      const { message, sources } = await ask(question, mode);
      expect(message).toMatch(expected);

      // No debris: table separators, code fences, code, Markdown markup, shell commands.
      // (`**` as bold markup; a path glob such as src/**/*.spec.ts is text a reader can use.)
      expect(message).not.toMatch(/\||```|[{}]|=>|\*\*(?!\/)|`|^#|\bcurl\s/m);

      // Every sentence is cited, with a source in range that really contains the sentence.
      const sentences = citedSentences(message);
      expect(sentences.length).toBeGreaterThan(0);
      expect(sentences.length).toBeLessThanOrEqual(MAX_SENTENCES[mode]);
      expect(message.replace(CITED_SENTENCE, '').trim()).toBe('');
      for (const { text, source } of sentences) {
        expect(source).toBeGreaterThanOrEqual(1);
        expect(source).toBeLessThanOrEqual(sources.length);
        expect(squash(sources[source - 1].content)).toContain(squash(text));
      }
      // No sentence is said twice.
      expect(new Set(sentences.map((s) => s.text)).size).toBe(sentences.length);
    });
  });

  it('reads a source as prose: the passages given to the model hold no code or table markup', async () => {
    const { sources } = await ask('How are meta-search results cached?');
    expect(sources.length).toBeGreaterThan(0);
    for (const { content, metadata } of sources) {
      expect(content).not.toMatch(/```|^\s*\|.*\|\s*$|^#{1,6}\s/m);
      expect(metadata.title).not.toMatch(/[`*#]/);
    }
    expect(sources.map((s) => s.metadata.title)).toContain(
      'Search: POST /api/search > Backends and cache',
    );
  });

  it('says plainly that nothing is relevant when the docs do not cover the question', async () => {
    for (const question of [
      'Who painted the Mona Lisa during the Renaissance?',
      'What is the boiling point of water at sea level?',
      'What is the capital of Mongolia?',
    ]) {
      const { message, sources } = await ask(question, 'balanced');
      // What the index found is returned, and the model itself declines; only when the index
      // found nothing does the pipeline say so. (The model declining off-topic sources that share
      // everyday words with a question is pinned in extractive-chat.model.spec.ts.)
      if (sources.length > 0) {
        expect(message).toBe(NOTHING_RELEVANT);
      } else {
        expect(message).toMatch(/no sources/i);
      }
    }
  });
});
