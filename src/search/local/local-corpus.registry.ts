import { Injectable } from '@nestjs/common';
import type { SearchResult } from '../backends/search-result';

/**
 * The id of LOCAL_DOCS_DIR as a vector store, which every caller reads: in the database the
 * deployment-wide store holding the folder, in memory the folder's own index.
 */
export const LOCAL_DOCS_STORE_ID = 'vs_local_docs';

/** Whose documents a local search reads: the caller's (undefined with auth off), maybe only some stores. */
export interface LocalScope {
  readonly ownerId?: string;
  /**
   * Only these of the stores the caller reads (LOCAL_DOCS_DIR is LOCAL_DOCS_STORE_ID); all of
   * them when absent.
   */
  readonly vectorStoreIds?: readonly string[];
}

/** Where LOCAL_DOCS_DIR is searched from and how much of it is there (readiness shows it). */
export interface LocalDirectoryState {
  readonly store: 'memory' | 'database';
  readonly files: number;
  readonly chunks?: number;
  readonly added?: number;
  readonly removed?: number;
  readonly ms?: number;
  readonly error?: string;
}

/** Documents searched by the local source beside LOCAL_DOCS_DIR (the caller's vector stores). */
export interface LocalCorpus {
  /** True when the corpus holds LOCAL_DOCS_DIR too: search then keeps no index of its own. */
  readonly servesDirectory?: boolean;
  /** With servesDirectory: resolves once LOCAL_DOCS_DIR is in the corpus, ready to be searched. */
  whenDirectoryReady?(): Promise<LocalDirectoryState>;
  search(query: string, limit: number, scope: LocalScope): Promise<SearchResult[]>;
}

/**
 * The seam between search and the documents module: documents registers its corpus here at
 * start, so search never imports it (and runs without it, as in search's own tests).
 */
@Injectable()
export class LocalCorpusRegistry {
  private corpus?: LocalCorpus;

  register(corpus: LocalCorpus): void {
    this.corpus = corpus;
  }

  get registered(): LocalCorpus | undefined {
    return this.corpus;
  }
}
