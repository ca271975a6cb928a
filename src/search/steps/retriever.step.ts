import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { META_SEARCH_BACKEND, type MetaSearchBackend } from '../backends/meta-search.backend';
import type { SearchResult } from '../backends/search-result';
import { webUrl } from '../backends/web-url';
import type { TimeRange } from '../filters/recency';
import type { LocalScope } from '../local/local-corpus.registry';
import { LocalDocsIndex } from '../local/local-docs.index';
import { searchConfig } from '../search.config';
import type { SourceKind } from '../search-run';
import type { Candidate } from './candidate';
import type { PlannedQueries } from './query-planner.step';
import { normalizeUrl } from './url-normalizer';

const LOCAL_RESULTS_PER_QUERY = 20;

/**
 * Retrieve: runs every (source kind, query) pair in parallel and merges the result lists, dropping
 * repeats of the same entry (see normalizeUrl: the #fragment counts). The queries of one source
 * kind are taken in the plan's order (what speed mode searches first: the question as written,
 * then its key phrases; then the planned queries), each adding what the earlier ones did not find
 * after their results, so more queries add candidates without demoting what the first one found
 * (interleaving them instead measured worse on the dev half of `npm run eval`: speed recall@8
 * summed over the four source kinds 2.60 against 2.68); source kinds are interleaved by rank
 * position (first hits of every kind, then second hits...). The order depends only on the
 * inputs, never on which request finished first.
 */
@Injectable()
export class Retriever {
  private readonly logger = new Logger('Retriever');

  constructor(
    @Inject(META_SEARCH_BACKEND) private readonly backend: MetaSearchBackend,
    private readonly localDocs: LocalDocsIndex,
    @Inject(searchConfig.KEY) private readonly config: ConfigType<typeof searchConfig>,
  ) {}

  async retrieve(
    plan: PlannedQueries,
    pageno: number,
    signal: AbortSignal,
    requestId?: string,
    timeRange?: TimeRange,
    localScope: LocalScope = {},
  ): Promise<Candidate[]> {
    const tasks: Array<{ kind: SourceKind; query: string }> = [];
    for (const [kind, queries] of plan) for (const query of queries) tasks.push({ kind, query });
    const settled = await Promise.allSettled(
      tasks.map((task) =>
        this.searchOne(task.kind, task.query, pageno, signal, timeRange, localScope),
      ),
    );
    signal.throwIfAborted();
    const byKind = new Map<SourceKind, Candidate[]>();
    const failures: unknown[] = [];
    settled.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') {
        const { kind, query } = tasks[index];
        if (!byKind.has(kind)) byKind.set(kind, []);
        byKind.get(kind)!.push(...outcome.value.map((result) => ({ ...result, kind, query })));
      } else {
        failures.push(outcome.reason);
        this.logger.warn(
          { requestId },
          `${tasks[index].kind} search failed: ${(outcome.reason as Error).message}`,
        );
      }
    });
    // Some lists answering is enough; when none did, the caller learns why.
    if (byKind.size === 0 && failures.length > 0) throw failures[0];
    const perKind = [...byKind.values()].map((list) => mergeByRank([list]));
    // One kind searched (the usual case): its list is merged already.
    return perKind.length === 1 ? perKind[0] : mergeByRank(perKind);
  }

  private async searchOne(
    kind: SourceKind,
    query: string,
    pageno: number,
    signal: AbortSignal,
    timeRange?: TimeRange,
    localScope: LocalScope = {},
  ): Promise<SearchResult[]> {
    if (kind === 'local') {
      // The local index has no pages: everything relevant comes in the first round.
      return pageno === 1 ? this.localDocs.search(query, LOCAL_RESULTS_PER_QUERY, localScope) : [];
    }
    const results = await this.backend.search(
      {
        kind,
        query,
        ...this.config.engines[kind],
        language: this.config.language,
        pageno,
        ...(timeRange ? { timeRange } : {}),
      },
      signal,
    );
    // Whatever backend answered, a web source is an http(s) page.
    return results.filter((result) => webUrl(result.url) === result.url);
  }
}

/** Interleaves lists by rank position and drops later repeats of an entry (or of a local chunk). */
export function mergeByRank(lists: readonly Candidate[][]): Candidate[] {
  const seen = new Set<string>();
  const merged: Candidate[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let position = 0; position < longest; position++) {
    for (const list of lists) {
      const candidate = list[position];
      if (!candidate) continue;
      const key = dedupeKey(candidate);
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(candidate);
    }
  }
  return merged;
}

function dedupeKey(candidate: Candidate): string {
  // Chunks of one local file share a URL; they are different passages, so the text is part of the key.
  return candidate.kind === 'local'
    ? `${candidate.url}\u0000${candidate.snippet}`
    : normalizeUrl(candidate.url);
}
