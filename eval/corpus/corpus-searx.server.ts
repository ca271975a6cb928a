import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import MarkdownIt from 'markdown-it';
import type { CorpusDoc } from './corpus-docs';

/**
 * A meta-search backend over the evaluation corpus that speaks SearxNG's JSON API
 * (GET /search?format=json&q=...&pageno=...), and serves every document as an HTML page at
 * /<id>.html so quality mode can read pages.
 *
 * Its ranking is deliberately the plain one a simple engine gives: documents ordered by how many
 * distinct query words they contain, then by the raw count of those words (no IDF, no length
 * normalisation, so long pages and common words weigh too much). That order is the baseline the
 * pipeline's own ranking has to beat. Categories and engines are accepted and ignored.
 */
export interface CorpusSearxOptions {
  readonly resultsPerPage?: number;
}

interface IndexedDoc {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  readonly words: Map<string, number>;
  readonly titleWords: Set<string>;
  readonly html: string;
}

const WORD = /[\p{L}\p{N}_]+/gu;
// What a web engine ignores in a question.
const IGNORED = new Set(
  'a an and are as at be by can do does for from how i in is it of on or that the this to what when where which who why with you your my me'.split(
    ' ',
  ),
);
const SNIPPET_CHARS = 240;
const FENCED_CODE = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;

export class CorpusSearxServer {
  readonly searches: Array<Record<string, string>> = [];
  private readonly docs: IndexedDoc[];

  private constructor(
    private readonly server: Server,
    readonly url: string,
    docs: readonly CorpusDoc[],
    private readonly resultsPerPage: number,
  ) {
    const markdown = new MarkdownIt({ html: true });
    this.docs = docs.map((doc) => {
      const prose = doc.markdown.replace(FENCED_CODE, ' ');
      const text = plainText(prose);
      const title =
        /^#{1,3}\s+(.+)$/m.exec(prose)?.[1].replace(/[`*]/g, '').trim() ?? doc.id.split('/').pop()!;
      // Every word of the page is searchable, code included; snippets show its prose.
      const words = new Map<string, number>();
      for (const word of wordsOf(plainText(doc.markdown))) {
        words.set(word, (words.get(word) ?? 0) + 1);
      }
      return {
        id: doc.id,
        title,
        text,
        words,
        titleWords: new Set(wordsOf(title)),
        html: `<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body><main>${markdown.render(doc.markdown)}</main></body></html>`,
      };
    });
  }

  static async start(
    docs: readonly CorpusDoc[],
    options: CorpusSearxOptions = {},
  ): Promise<CorpusSearxServer> {
    const server = createServer((req, res) => corpus.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const corpus = new CorpusSearxServer(
      server,
      `http://127.0.0.1:${port}`,
      docs,
      options.resultsPerPage ?? 10,
    );
    return corpus;
  }

  /** The engine's own ranking of the literal query: what a client of this backend would see. */
  search(query: string, pageno = 1): Array<{ title: string; url: string; content: string }> {
    const terms = [...new Set(wordsOf(query).filter((word) => !IGNORED.has(word)))];
    if (terms.length === 0) return [];
    const scored: Array<{ doc: IndexedDoc; matched: number; count: number }> = [];
    for (const doc of this.docs) {
      let matched = 0;
      let count = 0;
      for (const term of terms) {
        const tf = (doc.words.get(term) ?? 0) + (doc.titleWords.has(term) ? 3 : 0);
        if (tf > 0) {
          matched++;
          count += tf;
        }
      }
      if (matched > 0) scored.push({ doc, matched, count });
    }
    scored.sort(
      (a, b) => b.matched - a.matched || b.count - a.count || a.doc.id.localeCompare(b.doc.id),
    );
    const start = (pageno - 1) * this.resultsPerPage;
    return scored.slice(start, start + this.resultsPerPage).map(({ doc }) => ({
      title: doc.title,
      url: `${this.url}/${doc.id}.html`,
      content: snippet(doc.text, terms),
    }));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/search') {
      const params = Object.fromEntries(url.searchParams);
      this.searches.push(params);
      if (params.format !== 'json') return send(res, 403, 'text/plain', 'format=json only');
      const results = this.search(params.q ?? '', Number(params.pageno ?? 1) || 1).map(
        (result, index) => ({
          ...result,
          engine: 'corpus',
          engines: ['corpus'],
          positions: [index + 1],
          score: 1 / (index + 1),
          category: params.categories ?? 'general',
          publishedDate: null,
        }),
      );
      return send(
        res,
        200,
        'application/json',
        JSON.stringify({
          query: params.q,
          number_of_results: results.length,
          results,
          answers: [],
          corrections: [],
          infoboxes: [],
          suggestions: [],
          unresponsive_engines: [],
        }),
      );
    }
    const id = decodeURIComponent(url.pathname.replace(/^\//, '').replace(/\.(html|md)$/, ''));
    const doc = this.docs.find((candidate) => candidate.id === id);
    if (!doc) return send(res, 404, 'text/plain', 'not found');
    send(res, 200, 'text/html; charset=utf-8', doc.html);
  }
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** Markdown as a search engine's text extractor would see it: markup, links and fences removed. */
function plainText(markdown: string): string {
  return (
    markdown
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[#*`>|]+/g, ' ')
      // Emphasis underscores go, but not the ones inside identifiers (FST_ERR_CTP_INVALID_MEDIA_TYPE,
      // max_connections): WORD keeps them together in the query, so the text must too.
      .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The window of the text with the most query words, as engines show under a result. */
function snippet(text: string, terms: readonly string[]): string {
  const wanted = new Set(terms);
  const positions: number[] = [];
  for (const match of text.matchAll(WORD)) {
    if (wanted.has(match[0].toLowerCase())) positions.push(match.index);
  }
  if (positions.length === 0) return text.slice(0, SNIPPET_CHARS);
  let best = positions[0];
  let bestCount = 0;
  for (let i = 0, j = 0; i < positions.length; i++) {
    while (positions[j] < positions[i] - SNIPPET_CHARS / 2) j++;
    if (i - j + 1 > bestCount) {
      bestCount = i - j + 1;
      best = positions[j];
    }
  }
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, best - 40)) + 1);
  const window = text.slice(start, start + SNIPPET_CHARS);
  const cut = window.lastIndexOf(' ');
  return `${start > 0 ? '… ' : ''}${cut > SNIPPET_CHARS / 2 ? window.slice(0, cut) : window} …`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}
