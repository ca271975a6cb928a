import { Inject, Injectable, Optional } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  concat,
  defer,
  finalize,
  lastValueFrom,
  map,
  Observable,
  of,
  reduce,
  switchMap,
  tap,
} from 'rxjs';
import {
  QUARRY_METRICS,
  type QuarryMetrics,
  SearchMetrics,
  type SearchOutcome,
  type SearchStep,
} from '../observability';
import { failSpan, inSpan, startSpan, withSpan } from '../common/tracing/tracing-state';
import { type JoiningAnswer, joinInto, untilAborted } from './answer-joining';
import { filterResults, timeRangeFor } from './filters/result-filter';
import { searchConfig } from './search.config';
import type { SearchAnswer, SearchEvent, SearchRun, SearchSource } from './search-run';
import { AnswerWriter, type PreparedAnswer } from './steps/answer-writer.step';
import type { Candidate, RankedCandidate } from './steps/candidate';
import { PageReader } from './steps/page-reader.step';
import { extendedSpeedQueries, QueryPlanner } from './steps/query-planner.step';
import { type NarrowerSearch, Ranker } from './steps/ranker.step';
import { mergeByRank, Retriever } from './steps/retriever.step';
import { withReadPages } from './steps/passage-order';
import { sourcesByUrl } from './steps/source-grouping';
import { chunkSections } from './text/text-chunker';

/**
 * Emits once on the next turn of the event loop (setImmediate). The pipeline starts there, not in
 * the request's own callback: in a burst of requests each one's `init` line then goes out before
 * any of them spends milliseconds of CPU on retrieval (measured with 100 simultaneous streams).
 */
function nextTurn(): Observable<void> {
  return new Observable<void>((subscriber) => {
    const turn = setImmediate(() => {
      subscriber.next();
      subscriber.complete();
    });
    return () => clearImmediate(turn);
  });
}

/** Subscribes inside the span, so the calls the subscription starts are its children. */
function inSpan$<T>(span: ReturnType<typeof startSpan>, source: Observable<T>): Observable<T> {
  return span
    ? new Observable<T>((subscriber) => withSpan(span, () => source.subscribe(subscriber)))
    : source;
}

/** Chunks taken from one fetched page into ranking. */
const CHUNKS_PER_PAGE = 12;
const PAGE_CHUNK_CHARS = 800;

/** What ranking matches: the question and every query searched, each once. */
function rankingQueryOf(question: string, queries: readonly string[]): string {
  return [...new Set([question, ...queries])].join('\n');
}

/**
 * The speed search a balanced or quality run extends, within its first round of candidates: what
 * speed mode would have ranked (see RankInput.narrower); undefined when the run extends none.
 */
function speedSearchIn(
  run: SearchRun,
  firstRound: readonly Candidate[],
): NarrowerSearch | undefined {
  const queries = extendedSpeedQueries(run);
  if (!queries) return undefined;
  const found = new Set(
    firstRound.filter((c) => c.query !== undefined && queries.includes(c.query)),
  );
  return { query: rankingQueryOf(run.query, queries), found: (candidate) => found.has(candidate) };
}

/**
 * The answer pipeline: plan, retrieve, rank (and read pages in quality mode), write. Every step of
 * one run shares one AbortSignal, aborted when the subscriber unsubscribes (client gone).
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly planner: QueryPlanner,
    private readonly retriever: Retriever,
    private readonly ranker: Ranker,
    private readonly reader: PageReader,
    private readonly writer: AnswerWriter,
    @Inject(searchConfig.KEY) private readonly config: ConfigType<typeof searchConfig>,
    @Optional() @Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null = null,
  ) {}

  /**
   * The run as events: `sources` once, then `response` chunks as the model writes them. Cold:
   * subscribing starts it; unsubscribing before it ends aborts every upstream call.
   */
  events(run: SearchRun): Observable<SearchEvent> {
    return defer(() => {
      const abort = new AbortController();
      // Until the run ends by itself it counts as aborted; ending it aborts nothing then, which
      // would only wake every listener of the finished upstream calls (a cost per stream).
      let outcome: SearchOutcome = 'aborted';
      const measured =
        this.metrics?.search.begin(run.mode, run.sourceKinds) ?? SearchMetrics.notMeasured;
      // With tracing on: the run's span, parent of one span per step (undefined when off).
      const span = startSpan('search', {
        'quarry.search.mode': run.mode,
        'quarry.search.source_kinds': run.sourceKinds.join(','),
      });
      let writeSpan: ReturnType<typeof startSpan>;
      let writeStarted = 0;
      return nextTurn().pipe(
        switchMap(() => withSpan(span, () => this.prepare(run, abort.signal))),
        switchMap((prepared) => {
          measured.sources(prepared.sources.length);
          // A child of the run's span: this callback runs outside the span's context.
          writeSpan = withSpan(span, () => startSpan('search.write'));
          writeStarted = performance.now();
          const answer = this.writer.write(run, prepared, abort.signal).pipe(
            tap(() => measured.firstResponse()),
            map((text): SearchEvent => ({ type: 'response', data: text })),
          );
          return concat(
            of<SearchEvent>({ type: 'sources', data: prepared.sources }),
            inSpan$(writeSpan, answer),
          );
        }),
        tap({
          complete: () => {
            outcome = 'completed';
            this.metrics?.search.step('write', (performance.now() - writeStarted) / 1000);
          },
          error: (error: unknown) => {
            outcome = 'failed';
            failSpan(writeSpan, error);
            failSpan(span, error);
          },
        }),
        finalize(() => {
          if (outcome === 'aborted') {
            abort.abort(new Error('search run cancelled'));
            writeSpan?.setAttribute('quarry.aborted', true);
            span?.setAttribute('quarry.aborted', true);
          }
          measured.end(outcome);
          writeSpan?.end();
          span?.end();
        }),
      );
    });
  }

  /** Runs one pipeline step in its own span and records its duration. */
  private step<T>(
    step: SearchStep,
    work: () => Promise<T>,
    attributes?: Record<string, string | number>,
  ): Promise<T> {
    const startedAt = this.metrics ? performance.now() : 0;
    return inSpan(`search.${step}`, attributes, work).finally(() =>
      this.metrics?.search.step(step, (performance.now() - startedAt) / 1000),
    );
  }

  /** The whole answer at once; the same events as events(), joined. A client gone (signal) ends the run. */
  answer(run: SearchRun, signal?: AbortSignal): Promise<SearchAnswer> {
    // One answer per call, added to in place: not a copy per chunk of a long answer.
    const answer: JoiningAnswer = { message: '', sources: [] };
    return lastValueFrom(this.events(run).pipe(untilAborted(signal), reduce(joinInto, answer)));
  }

  private async prepare(run: SearchRun, signal: AbortSignal): Promise<PreparedAnswer> {
    if (run.sourceKinds.length === 0) return this.writer.prepare(run, []);
    const plan = await this.step('plan', () => this.planner.plan(run, signal));
    const rankingQuery = rankingQueryOf(run.query, [...plan.values()].flat());
    // Filters: time_range where the backend takes it, then results dropped by domain and date.
    const now = Date.now();
    const timeRange = timeRangeFor(run.filters, now);
    const retrieve = async (pageno: number) =>
      filterResults(
        await this.step(
          'retrieve',
          () =>
            this.retriever.retrieve(plan, pageno, signal, run.requestId, timeRange, run.localScope),
          { 'quarry.search.pageno': pageno },
        ),
        run.filters,
        now,
      );
    let candidates = await retrieve(1);
    let narrower = speedSearchIn(run, candidates);
    const wanted = run.filters?.maxSources ?? this.config.sourcesByMode[run.mode];
    if (run.mode === 'quality' && candidates.length < wanted) {
      // Thin first round: one more round with the next result page of every query. The first
      // round's ranking (balanced's) stands; the next page's results enter only where they beat it.
      const firstRound = new Set(candidates);
      const more = await retrieve(2).catch(() => []);
      candidates = mergeByRank([candidates, more]);
      narrower = { query: rankingQuery, found: (c) => firstRound.has(c), narrower };
    }
    const ranked = await this.step('rank', () =>
      this.ranker.rank({
        query: rankingQuery,
        question: run.query,
        candidates,
        embeddingModel: run.embeddingModel,
        signal,
        requestId: run.requestId,
        narrower,
      }),
    );
    const sources =
      run.mode === 'quality'
        ? await this.step('read', () =>
            this.readBestPages(run, rankingQuery, ranked, wanted, signal),
          )
        : sourcesByUrl(ranked, wanted);
    return this.writer.prepare(run, sources);
  }

  /**
   * Quality mode: fetch the best pages and rank their chunks beside the other excerpts. A read
   * page's best passages take its excerpt's place; its own text may move it among the read pages,
   * and a result not read keeps its place (see withReadPages).
   */
  private async readBestPages(
    run: SearchRun,
    rankingQuery: string,
    ranked: readonly RankedCandidate[],
    wanted: number,
    signal: AbortSignal,
  ): Promise<SearchSource[]> {
    // An entry of a page (`page#entry`: an FAQ answer) is not read: the whole page's passages would
    // stand for each of its entries alike, in place of the entry's own text.
    const toFetch = ranked
      .filter(
        (candidate) =>
          candidate.kind !== 'local' &&
          /^https?:/i.test(candidate.url) &&
          !/#./.test(candidate.url),
      )
      .slice(0, this.config.pages.count);
    const pages = await this.reader.read(
      toFetch.map((candidate) => candidate.url),
      signal,
      run.requestId,
    );
    // Nothing read (no web page among the best, or none reachable): the ranking stands.
    if (pages.length === 0) return sourcesByUrl(ranked, wanted);
    const read = new Map(pages.map((page) => [page.url, page]));
    const passages: Candidate[] = [];
    // The results whose page was cut into passages: the others keep their excerpt and place.
    const cut = new Set<string>();
    for (const candidate of ranked.slice(0, wanted * 2)) {
      const page = read.get(candidate.url);
      if (!page) {
        passages.push(candidate);
        continue;
      }
      const chunks = chunkSections(page.sections, PAGE_CHUNK_CHARS).slice(0, CHUNKS_PER_PAGE);
      for (const chunk of chunks) {
        passages.push({ ...candidate, title: candidate.title || page.title, snippet: chunk.text });
      }
      // A page whose text gave no passage keeps its excerpt.
      if (chunks.length === 0) passages.push(candidate);
      else cut.add(candidate.url);
    }
    const reranked = await this.ranker.rank({
      query: rankingQuery,
      question: run.query,
      candidates: passages,
      evidence: 'passage',
      embeddingModel: run.embeddingModel,
      signal,
      requestId: run.requestId,
    });
    const isCut = (candidate: Candidate) => cut.has(candidate.url);
    return sourcesByUrl(withReadPages(ranked, reranked, isCut), wanted);
  }
}
