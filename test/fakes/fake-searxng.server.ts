import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake SearxNG on 127.0.0.1 speaking its JSON API: GET /search?format=json&q=...&categories=...
 * (also GET /api/v1/search, the search sibling's path), plus HTML pages for page fetching.
 *
 *   const fake = await FakeSearxngServer.start();
 *   fake.setResults((params) => [{ title, url, content }]);   // default: 5 results per query
 *   fake.failNext({ status: 503 });  fake.failNext({ malformed: true });  fake.failNext({ delayMs: 2000 });
 *   fake.setPage('/pages/a', '<html>...</html>');            // served at `${fake.url}/pages/a`
 *   fake.searches   // recorded search requests with their query parameters
 *   fake.pageRequests  // recorded page paths
 */
export interface SearxngResult {
  readonly title: string;
  readonly url: string;
  readonly content: string;
  readonly publishedDate?: string | null;
  readonly engine?: string;
  /** Image results: the picture and its thumbnail (SearxNG's images.html template). */
  readonly img_src?: string;
  readonly thumbnail_src?: string;
  /** Video results: the thumbnail and the embeddable player (SearxNG's videos.html template). */
  readonly thumbnail?: string;
  readonly iframe_src?: string;
  readonly template?: string;
}

export interface RecordedSearch {
  readonly path: string;
  readonly params: Record<string, string>;
  readonly headers: Record<string, string | string[] | undefined>;
  /** True once the client closed the connection before the reply was complete. */
  clientDisconnected: boolean;
}

export type SearxngFault =
  | { status: number }
  | { malformed: true }
  | { delayMs: number }
  /** Reply with results after a delay (a slow but healthy backend). */
  | { slowMs: number };

export type ResultsFor = (params: Record<string, string>) => SearxngResult[];

export class FakeSearxngServer {
  readonly searches: RecordedSearch[] = [];
  readonly pageRequests: string[] = [];
  private readonly faults: SearxngFault[] = [];
  private held?: Promise<void>;
  private readonly pages = new Map<string, { body: string; type: string; delayMs: number }>();
  private resultsFor: ResultsFor;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    this.resultsFor = (params) => defaultResults(this.url, params);
  }

  static async start(): Promise<FakeSearxngServer> {
    // The handler runs only once listening, after `fake` exists.
    const server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeSearxngServer(server, `http://127.0.0.1:${port}`);
    return fake;
  }

  setResults(resultsFor: ResultsFor): void {
    this.resultsFor = resultsFor;
  }

  /** The next `times` search requests fail this way. */
  failNext(fault: SearxngFault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push(fault);
  }

  setPage(path: string, body: string, type = 'text/html; charset=utf-8', delayMs = 0): void {
    this.pages.set(path, { body, type, delayMs });
  }

  /** Searches wait, unanswered, until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.held = held;
    return () => {
      if (this.held === held) this.held = undefined;
      release();
    };
  }

  reset(): void {
    this.searches.length = 0;
    this.pageRequests.length = 0;
    this.faults.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/search' || url.pathname === '/api/v1/search') {
      const recorded: RecordedSearch = {
        path: url.pathname,
        params: Object.fromEntries(url.searchParams),
        headers: req.headers,
        clientDisconnected: false,
      };
      this.searches.push(recorded);
      let finished = false;
      res.on('finish', () => (finished = true));
      res.on('close', () => (recorded.clientDisconnected = !finished));
      return this.search(recorded.params, res);
    }
    const page = this.pages.get(url.pathname);
    this.pageRequests.push(url.pathname);
    if (!page) return send(res, 404, 'text/plain', 'not found');
    if (page.delayMs) await sleep(page.delayMs);
    if (!res.destroyed) send(res, 200, page.type, page.body);
  }

  private async search(params: Record<string, string>, res: ServerResponse): Promise<void> {
    if (this.held) await this.held;
    const fault = this.faults.shift();
    if (fault && 'status' in fault) {
      return send(res, fault.status, 'text/html', `<h1>Error ${fault.status}</h1>`);
    }
    if (fault && 'malformed' in fault) {
      return send(res, 200, 'application/json', '{"query": "x", "results": [');
    }
    if (fault && 'delayMs' in fault) {
      await sleep(fault.delayMs);
      if (!res.destroyed) send(res, 504, 'text/plain', 'too late');
      return;
    }
    if (fault && 'slowMs' in fault) await sleep(fault.slowMs);
    if (params.format !== 'json') return send(res, 403, 'text/html', 'Forbidden');
    const results = this.resultsFor(params).map((result, index) => ({
      url: result.url,
      title: result.title,
      content: result.content,
      engine: result.engine ?? 'fake',
      parsed_url: urlParts(result.url),
      template: result.template ?? 'default.html',
      ...(result.img_src !== undefined ? { img_src: result.img_src } : {}),
      ...(result.thumbnail_src !== undefined ? { thumbnail_src: result.thumbnail_src } : {}),
      ...(result.thumbnail !== undefined ? { thumbnail: result.thumbnail } : {}),
      ...(result.iframe_src !== undefined ? { iframe_src: result.iframe_src } : {}),
      engines: [result.engine ?? 'fake'],
      positions: [index + 1],
      publishedDate: result.publishedDate ?? null,
      score: 1 / (index + 1),
      category: params.categories ?? 'general',
    }));
    if (res.destroyed) return;
    send(
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
}

/**
 * Five results whose titles and snippets repeat the query's words, with pages on this server; in
 * the images and videos categories, shaped as SearxNG's image and video results (the fourth video,
 * like a non-YouTube engine's, has no iframe_src).
 */
export function defaultResults(base: string, params: Record<string, string>): SearxngResult[] {
  const query = params.q ?? '';
  const categories = (params.categories ?? '').split(',');
  if (categories.includes('images')) return imageResults(base, query);
  if (categories.includes('videos')) return videoResults(query);
  const slug =
    query
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'q';
  const page = params.pageno ?? '1';
  return [1, 2, 3, 4, 5].map((n) => ({
    title: `${query} - result ${n}`,
    url: `${base}/pages/${slug}-${page}-${n}`,
    content: `Result ${n} about ${query}: fact number ${n} from page ${page}.`,
    publishedDate: n === 1 ? '2024-05-01T00:00:00' : null,
  }));
}

export function imageResults(base: string, query: string): SearxngResult[] {
  return [1, 2, 3, 4, 5].map((n) => ({
    title: `${query} - image ${n}`,
    url: `${base}/pages/image-page-${n}`,
    content: '',
    engine: n % 2 ? 'bing images' : 'google images',
    template: 'images.html',
    img_src: `${base}/img/${n}.jpg`,
    thumbnail_src: `${base}/img/${n}-thumb.jpg`,
  }));
}

export function videoResults(query: string): SearxngResult[] {
  return [1, 2, 3, 4].map((n) => ({
    title: `${query} - video ${n}`,
    url: n === 4 ? `https://vimeo.com/${n}` : `https://www.youtube.com/watch?v=vid${n}`,
    content: `Video ${n} about ${query}`,
    engine: n === 4 ? 'vimeo' : 'youtube',
    template: 'videos.html',
    thumbnail: `https://i.ytimg.com/vi/vid${n}/hqdefault.jpg`,
    ...(n === 4 ? {} : { iframe_src: `https://www.youtube-nocookie.com/embed/vid${n}` }),
  }));
}

function urlParts(url: string): string[] {
  try {
    const parsed = new URL(url);
    return [parsed.protocol.replace(':', ''), parsed.host, parsed.pathname, '', parsed.search, ''];
  } catch {
    return [];
  }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

function sleep(ms: number): Promise<void> {
  // Unreferenced: a delay meant to outlast a test (a backend that never answers) does not keep
  // Jest's process alive after it.
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
