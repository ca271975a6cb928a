import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import MiniSearch from 'minisearch';
import type { CorpusKind, DebianCorpus, DebianDoc } from './debian-corpus';

/**
 * The search engines searx queries in the evaluation, over the Debian corpus, on 127.0.0.1.
 * Each engine is a plain BM25 index (minisearch, its defaults: no stemming, no synonyms, nothing
 * written for the questions) over one field set of one source kind: titles and headings, the
 * whole text, or the opening of the text (an abstract). searx merges what they answer as it
 * merges real engines. GET /engine/<key>?q=...&pageno=N answers
 * `{ results: [{ url, title, content }] }`; every page is also served as HTML at its path.
 */
export interface CorpusEngine {
  /** The engine's name in searx (Quarry asks academic and discussions sources by engine name). */
  readonly name: string;
  readonly key: string;
  readonly kind: Exclude<CorpusKind, 'local'>;
  readonly category: string;
  readonly fields: ReadonlyArray<'title' | 'headings' | 'text' | 'abstract'>;
}

/**
 * Quarry's defaults: web searches category "general", academic sources the engines "arxiv",
 * "google scholar" and "pubmed", discussions the engine "reddit" (src/search/search.config.ts).
 * The engines carry those names so the service runs with its default settings.
 */
export const CORPUS_ENGINES: readonly CorpusEngine[] = [
  {
    name: 'manual titles',
    key: 'web-titles',
    kind: 'web',
    category: 'general',
    fields: ['title', 'headings'],
  },
  { name: 'manual text', key: 'web-text', kind: 'web', category: 'general', fields: ['text'] },
  {
    name: 'arxiv',
    key: 'academic-titles',
    kind: 'academic',
    category: 'science',
    fields: ['title', 'headings'],
  },
  {
    name: 'google scholar',
    key: 'academic-text',
    kind: 'academic',
    category: 'science',
    fields: ['text'],
  },
  {
    name: 'pubmed',
    key: 'academic-abstract',
    kind: 'academic',
    category: 'science',
    fields: ['title', 'abstract'],
  },
  {
    name: 'reddit',
    key: 'discussions-text',
    kind: 'discussions',
    category: 'social media',
    fields: ['title', 'text'],
  },
];

const PER_PAGE = 10;
const SNIPPET_CHARS = 240;
const ABSTRACT_CHARS = 1500;

interface Indexed {
  readonly id: number;
  readonly title: string;
  readonly headings: string;
  readonly text: string;
  readonly abstract: string;
}

export class CorpusEnginesServer {
  private readonly indexes = new Map<string, { search: MiniSearch<Indexed>; docs: DebianDoc[] }>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly corpus: DebianCorpus,
  ) {
    for (const engine of CORPUS_ENGINES) {
      const docs = corpus.docs.filter((doc) => doc.kind === engine.kind);
      const search = new MiniSearch<Indexed>({ fields: [...engine.fields], storeFields: [] });
      search.addAll(
        docs.map((doc, id) => ({
          id,
          title: doc.title,
          headings: doc.headings.join(' \n '),
          text: doc.text,
          abstract: doc.text.slice(0, ABSTRACT_CHARS),
        })),
      );
      this.indexes.set(engine.key, { search, docs });
    }
  }

  static async start(corpus: DebianCorpus): Promise<CorpusEnginesServer> {
    const server = createServer((req, res) => engines.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const engines = new CorpusEnginesServer(server, `http://127.0.0.1:${port}`, corpus);
    return engines;
  }

  /** One engine's ranked results for a query, as searx receives them. */
  search(
    key: string,
    query: string,
    pageno = 1,
  ): Array<{ url: string; title: string; content: string }> {
    const index = this.indexes.get(key);
    if (!index) throw new Error(`no engine ${key}`);
    const hits = index.search.search(query, { combineWith: 'OR' });
    return hits.slice((pageno - 1) * PER_PAGE, pageno * PER_PAGE).map((hit) => {
      const doc = index.docs[hit.id as number];
      return {
        url: `${this.url}${doc.pagePath}${doc.fragment ? `#${doc.fragment}` : ''}`,
        title: doc.title,
        content: snippet(doc.text, hit.terms),
      };
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const engine = /^\/engine\/([\w-]+)$/.exec(url.pathname);
    if (engine) {
      const results = this.search(
        engine[1],
        url.searchParams.get('q') ?? '',
        Number(url.searchParams.get('pageno') ?? '1') || 1,
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ results }));
      return;
    }
    const page = this.corpus.pages.get(decodeURIComponent(url.pathname));
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  }
}

/**
 * A query-biased excerpt as web engines show: the sentence with the most matched terms and
 * what follows it, about SNIPPET_CHARS long, cut at a word with "…".
 */
function snippet(text: string, terms: readonly string[]): string {
  const sentences = text.split(/(?<=[.!?])\s+/);
  let best = 0;
  let bestScore = 0;
  sentences.forEach((sentence, i) => {
    const lower = sentence.toLowerCase();
    const score = terms.filter((term) => lower.includes(term)).length;
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  const excerpt = sentences.slice(best).join(' ');
  if (excerpt.length <= SNIPPET_CHARS) return excerpt;
  const cut = excerpt.slice(0, SNIPPET_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SNIPPET_CHARS / 2))}…`;
}
