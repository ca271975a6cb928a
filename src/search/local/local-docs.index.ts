import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import MiniSearch from 'minisearch';
import { ReadinessRegistry } from '../../health';
import type { SearchResult } from '../backends/search-result';
import { searchConfig } from '../search.config';
import { htmlSections } from '../text/html-sections';
import { chunkSections } from '../text/text-chunker';
import {
  LOCAL_DOCS_STORE_ID,
  LocalCorpusRegistry,
  type LocalDirectoryState,
  type LocalScope,
} from './local-corpus.registry';
import { listLocalDocFiles, localDocUrl, type LocalDocFile } from './local-docs.files';
import { markdownPassages, type MarkdownSection } from './markdown-passages';

interface IndexedChunk {
  id: number;
  title: string;
  url: string;
  /** Prose only: what a hit gives as its snippet, and so what a model reads. */
  text: string;
  /** The section's code blocks: found by search, never shown as a snippet. */
  code: string;
}

/** Separates the heading path in titles: "Search > How an answer is made". */
const TITLE_SEPARATOR = ' > ';

// Frequent English words carry no meaning for BM25 on small corpora and only add noise.
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it of on or that the this to what when where which who why with you your'.split(
    ' ',
  ),
);

/**
 * Passage size: one or two paragraphs. Short passages are about one thing, so a question's words
 * weigh more in their embedding and a source given to a model is to the point.
 */
const PASSAGE_CHARS = 600;

// Files are read and parsed in batches; between batches the event loop serves requests.
const FILE_BATCH = 32;

/** BM25 index of the Markdown, HTML and text files under LOCAL_DOCS_DIR, built at start-up. */
@Injectable()
export class LocalDocsIndex implements OnApplicationBootstrap {
  private readonly logger = new Logger('LocalDocs');
  private readonly index = new MiniSearch<IndexedChunk>({
    fields: ['title', 'text', 'code'],
    storeFields: ['title', 'url', 'text'],
    processTerm: (term) => {
      const lower = term.toLowerCase();
      return STOP_WORDS.has(lower) ? null : lower;
    },
    searchOptions: {
      boost: { title: 2, code: 0.3 },
      prefix: (term) => term.length > 3,
      fuzzy: 0.15,
    },
  });
  private ready?: Promise<void>;
  private stats: LocalDirectoryState = { store: 'memory', files: 0, chunks: 0 };

  constructor(
    @Inject(searchConfig.KEY) private readonly config: ConfigType<typeof searchConfig>,
    private readonly readiness: ReadinessRegistry,
    @Optional() private readonly corpora?: LocalCorpusRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.readiness.register({
      name: 'local-docs',
      check: async () => {
        await this.whenReady();
        return { up: true, details: { ...this.stats } };
      },
    });
    // Not awaited: the server starts listening while the index builds; searches wait for it.
    void this.whenReady();
  }

  /** Resolves once the index is built (an unreadable folder leaves it empty, logged). */
  whenReady(): Promise<void> {
    this.ready ??= this.build();
    return this.ready;
  }

  get size(): { files: number; chunks: number } {
    return { files: this.stats.files, chunks: this.stats.chunks ?? 0 };
  }

  /**
   * LOCAL_DOCS_DIR's passages and the caller's vector stores' chunks, interleaved by rank; with
   * scope.vectorStoreIds, only the stores named (the folder as LOCAL_DOCS_STORE_ID), wherever the
   * folder is kept.
   */
  async search(query: string, limit: number, scope: LocalScope = {}): Promise<SearchResult[]> {
    const corpus = this.corpora?.registered;
    const searchesDirectory =
      !scope.vectorStoreIds || scope.vectorStoreIds.includes(LOCAL_DOCS_STORE_ID);
    if (!corpus) return searchesDirectory ? this.searchDirectory(query, limit) : [];
    // Until LOCAL_DOCS_DIR is in the database, a search there would miss what memory would find.
    if (corpus.servesDirectory) {
      await this.whenReady();
      return corpus.search(query, limit, scope);
    }
    const [directory, documents] = await Promise.all([
      searchesDirectory ? this.searchDirectory(query, limit) : [],
      corpus.search(query, limit, scope),
    ]);
    const merged: SearchResult[] = [];
    for (let rank = 0; rank < Math.max(directory.length, documents.length); rank++) {
      if (rank < directory.length) merged.push(directory[rank]);
      if (rank < documents.length) merged.push(documents[rank]);
    }
    return merged.slice(0, limit);
  }

  private async searchDirectory(query: string, limit: number): Promise<SearchResult[]> {
    await this.whenReady();
    return this.index
      .search(query)
      .slice(0, limit)
      .map((hit) => ({
        title: hit.title as string,
        url: hit.url as string,
        snippet: hit.text as string,
      }));
  }

  private async build(): Promise<void> {
    const corpus = this.corpora?.registered;
    if (corpus?.servesDirectory && corpus.whenDirectoryReady) {
      this.stats = await corpus.whenDirectoryReady();
      return;
    }
    const started = performance.now();
    const { dir, maxFiles } = this.config.localDocs;
    let files: LocalDocFile[];
    try {
      files = await listLocalDocFiles(dir, maxFiles);
    } catch (error) {
      this.stats = { ...this.stats, error: (error as Error).message };
      this.logger.warn(`local documents not indexed (${dir}): ${(error as Error).message}`);
      return;
    }
    let nextId = 0;
    const indexed = { store: 'memory' as const, files: 0, chunks: 0 };
    for (let start = 0; start < files.length; start += FILE_BATCH) {
      const batch = files.slice(start, start + FILE_BATCH);
      const documents = await Promise.all(batch.map((file) => this.chunksOf(file)));
      const chunks = documents.flat().map((chunk) => ({ ...chunk, id: nextId++ }));
      await this.index.addAllAsync(chunks, { chunkSize: 200 });
      indexed.files += documents.filter((chunksOfFile) => chunksOfFile.length > 0).length;
      indexed.chunks += chunks.length;
    }
    this.stats = { ...indexed, ms: Math.round(performance.now() - started) };
    this.logger.log(
      `indexed ${indexed.chunks} chunks of ${indexed.files} files from ${dir} in memory in ${this.stats.ms} ms`,
    );
  }

  private async chunksOf(file: LocalDocFile): Promise<Omit<IndexedChunk, 'id'>[]> {
    if (file.size > this.config.localDocs.maxFileBytes) return [];
    let raw: string;
    try {
      raw = await readFile(file.absolutePath, 'utf8');
    } catch {
      return [];
    }
    const extension = extname(file.absolutePath).toLowerCase();
    const fallbackTitle = basename(file.relativePath, extension);
    const url = this.urlOf(file);
    let title: string;
    let sections: MarkdownSection[];
    if (extension === '.html' || extension === '.htm') {
      const parsed = htmlSections(raw);
      title = parsed.title;
      sections = parsed.sections.map((section) => ({
        path: section.heading ? [section.heading] : [],
        text: section.text,
        code: '',
      }));
    } else if (extension === '.txt') {
      title = '';
      sections = [{ path: [], text: raw, code: '' }];
    } else {
      ({ title, sections } = markdownPassages(raw));
    }
    title ||= fallbackTitle;
    const chunks: Omit<IndexedChunk, 'id'>[] = [];
    for (const section of sections) {
      // The document title is the first heading of the path when the document has an H1.
      const path = section.path[0] === title ? section.path.slice(1) : section.path;
      const heading = path.at(-1);
      const chunkTitle = [title, ...path].join(TITLE_SEPARATOR);
      const chunkUrl = heading ? `${url}#${slug(heading)}` : url;
      // A section of code only has nothing to read as a passage; its code is indexed with the
      // first passage of its section otherwise.
      const pieces = chunkSections([{ heading: '', text: section.text }], PASSAGE_CHARS);
      pieces.forEach((piece, index) =>
        chunks.push({
          title: chunkTitle,
          url: chunkUrl,
          text: piece.text,
          code: index === 0 ? section.code : '',
        }),
      );
    }
    return chunks;
  }

  private urlOf(file: LocalDocFile): string {
    return localDocUrl(file, this.config.localDocs.baseUrl);
  }
}

/** GitHub-style heading anchor. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}
