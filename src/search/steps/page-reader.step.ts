import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Readability } from '@mozilla/readability';
import axios, { type AxiosInstance } from 'axios';
import { addressFilteringAgents } from '../../common/http/address-filtering-agents';
import { webUrl } from '../backends/web-url';
import { searchConfig } from '../search.config';
import { htmlSections, sectionsOf, type TextSection } from '../text/html-sections';
import { parseHtml } from '../text/parse-html';

export interface ReadPage {
  readonly url: string;
  readonly title: string;
  readonly sections: TextSection[];
}

/**
 * Read: fetches result pages with bounded concurrency, a timeout and a size cap, and extracts their
 * readable text (Readability on a linkedom DOM). Addresses inside private networks are refused
 * unless SEARCH_PAGE_ALLOW_PRIVATE is set, since result URLs come from the open web.
 */
@Injectable()
export class PageReader {
  private readonly logger = new Logger('PageReader');
  private readonly http: AxiosInstance;

  constructor(@Inject(searchConfig.KEY) private readonly config: ConfigType<typeof searchConfig>) {
    this.http = axios.create({
      timeout: config.pages.timeoutMs,
      maxContentLength: config.pages.maxBytes,
      maxRedirects: 5,
      responseType: 'text',
      transformResponse: (data: unknown) => data,
      validateStatus: (status) => status >= 200 && status < 300,
      ...addressFilteringAgents(config.pages.allowPrivateAddresses),
      headers: {
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
        'user-agent': 'Mozilla/5.0 (compatible; Quarry/0.1; +https://github.com/quarry)',
      },
    });
  }

  /** Pages in the order of the URLs given; a page that fails is left out (logged). */
  async read(
    urls: readonly string[],
    signal: AbortSignal,
    requestId?: string,
  ): Promise<ReadPage[]> {
    const pages: Array<ReadPage | undefined> = new Array(urls.length);
    let next = 0;
    const worker = async () => {
      while (next < urls.length && !signal.aborted) {
        const index = next++;
        pages[index] = await this.readOne(urls[index], signal, requestId);
      }
    };
    const workers = Math.min(this.config.pages.concurrency, urls.length);
    await Promise.all(Array.from({ length: workers }, worker));
    signal.throwIfAborted();
    return pages.filter((page): page is ReadPage => page !== undefined);
  }

  private async readOne(
    url: string,
    signal: AbortSignal,
    requestId?: string,
  ): Promise<ReadPage | undefined> {
    // Axios would read a data: URL itself; only web pages are read.
    if (webUrl(url) !== url) return undefined;
    try {
      const response = await this.http.get<string>(url, { signal });
      const type = String(response.headers['content-type'] ?? '').toLowerCase();
      if (type.startsWith('text/plain')) {
        return { url, title: '', sections: [{ heading: '', text: response.data.trim() }] };
      }
      if (type && !type.includes('html') && !type.includes('xml')) return undefined;
      return extractReadable(url, response.data);
    } catch (error) {
      if (!signal.aborted) {
        this.logger.debug({ requestId }, `page not read (${url}): ${(error as Error).message}`);
      }
      return undefined;
    }
  }
}

/**
 * Readability's cost grows faster than the page: a 1.8 MB manual page of 28,000 elements held the
 * event loop for seconds. Larger pages are split at their headings instead (linear).
 */
const READABILITY_MAX_ELEMENTS = 10_000;

function readableArticle(
  Parser: typeof Readability,
  document: ReturnType<typeof parseHtml>['document'],
): ReturnType<Readability['parse']> {
  // Counted here: Readability's own maxElemsToParse counts getElementsByTagName('*'), which is
  // always empty in linkedom.
  if (document.querySelectorAll('*').length > READABILITY_MAX_ELEMENTS) return null;
  return new Parser(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
}

/** The main text of a page; the whole body when Readability finds no article. */
export function extractReadable(url: string, html: string): ReadPage {
  const { document } = parseHtml(html);
  // Required here, with the first page read, like linkedom (see parse-html.ts).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Readability: ReadabilityParser } = require('@mozilla/readability') as {
    Readability: typeof Readability;
  };
  const article = document.documentElement ? readableArticle(ReadabilityParser, document) : null;
  if (article?.content) {
    const { document: articleDocument } = parseHtml(
      `<!doctype html><html><body>${article.content}</body></html>`,
    );
    const sections = sectionsOf(articleDocument.body as never);
    if (sections.length > 0) return { url, title: article.title ?? '', sections };
  }
  const whole = htmlSections(html);
  return { url, title: whole.title, sections: whole.sections };
}
