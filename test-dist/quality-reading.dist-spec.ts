import { FakeSearxngServer, type SearxngResult } from '../test/fakes/fake-searxng.server';
import { QuarryProcess } from './support/quarry-process';

/**
 * Quality mode reads the best pages, through the front door of the built service: a page whose
 * excerpt undersells it moves up among the pages read when its own text answers, and a result
 * that is not read (an FAQ entry) keeps its place.
 */
const QUESTION = 'How do I reload the configuration without dropping open connections?';

const page = (title: string, paragraphs: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</article></body></html>`;

describe('quality mode reads pages and lets their text order them (issue 33)', () => {
  let searxng: FakeSearxngServer;
  let quarry: QuarryProcess;
  let builtin: string;

  beforeAll(async () => {
    searxng = await FakeSearxngServer.start();
    const at = (path: string) => `${searxng.url}${path}`;
    // Excerpts: the first two share a word or two with the question, the last none.
    const results: SearxngResult[] = [
      {
        title: 'Configuration file syntax',
        url: at('/pages/syntax'),
        content: 'The configuration file is read line by line; comments start with a hash.',
      },
      {
        title: 'FAQ: restarting',
        url: at('/pages/faq#restart'),
        content: 'Restarting the service closes every open connection at once.',
      },
      {
        title: 'Connection logging',
        url: at('/pages/logging'),
        content: 'Each connection is logged with its address and its duration.',
      },
      {
        title: 'Operations handbook',
        url: at('/pages/operations'),
        content: 'A handbook for the people who keep the service running day to day.',
      },
    ];
    searxng.setResults((params) => (params.pageno === '1' ? results : []));
    searxng.setPage(
      '/pages/syntax',
      page('Configuration file syntax', [
        'Every line of the file holds one directive and its arguments, separated by spaces.',
        'Comments start with a hash sign and run to the end of the line.',
      ]),
    );
    searxng.setPage(
      '/pages/logging',
      page('Connection logging', [
        'The access log records the client address, the request line and the status code.',
        'Log files are rotated daily and kept for a week by default.',
      ]),
    );
    searxng.setPage(
      '/pages/operations',
      page('Operations handbook', [
        'To reload the configuration without dropping open connections, send the graceful signal.',
        'The server finishes the open connections with the old configuration and serves new ones with the reloaded configuration.',
      ]),
    );
    quarry = await QuarryProcess.start({
      AUTH_REQUIRED: 'false',
      SEARXNG_URL: searxng.url,
      SEARCH_CACHE_TTL_MS: '0',
      SEARCH_PAGE_ALLOW_PRIVATE: 'true',
    }).catch(async (error: unknown) => {
      await searxng.close();
      throw error;
    });
    const { providers } = (await (await fetch(`${quarry.url}/api/providers`)).json()) as {
      providers: Array<{ id: string; chatModels: Array<{ key: string }> }>;
    };
    builtin = providers.find((p) => p.chatModels.some((m) => m.key === 'extractive'))!.id;
  }, 60_000);
  afterAll(async () => {
    await quarry?.stop();
    await searxng?.close();
  });

  async function sourcesIn(mode: 'speed' | 'quality'): Promise<string[]> {
    const res = await fetch(`${quarry.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chatModel: { providerId: builtin, key: 'extractive' },
        embeddingModel: { providerId: builtin, key: 'hashing' },
        sources: ['web'],
        optimizationMode: mode,
        query: QUESTION,
      }),
    });
    expect(res.status).toBe(200);
    const { sources } = (await res.json()) as { sources: Array<{ metadata: { url: string } }> };
    return sources.map(
      (source) => new URL(source.metadata.url).pathname + new URL(source.metadata.url).hash,
    );
  }

  it('moves the page whose text answers above a read page that does not, and leaves the FAQ entry in place', async () => {
    const speed = await sourcesIn('speed');
    const quality = await sourcesIn('quality');
    // On the excerpts alone, the answering page is not above the logging page.
    expect(speed.indexOf('/pages/operations')).toBeGreaterThan(speed.indexOf('/pages/logging'));
    expect(quality.indexOf('/pages/operations')).toBeLessThan(quality.indexOf('/pages/logging'));
    expect(quality.indexOf('/pages/faq#restart')).toBe(speed.indexOf('/pages/faq#restart'));
    expect([...quality].sort()).toEqual([...speed].sort());
    // The pages were read; the FAQ entry was not.
    expect(searxng.pageRequests.sort()).toEqual([
      '/pages/logging',
      '/pages/operations',
      '/pages/syntax',
    ]);
  });
});
