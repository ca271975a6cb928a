import type { Registry } from 'prom-client';
import { CounterSeries, type CounterChild } from './series/counter-series';
import { HistogramSeries, type HistogramChild } from './series/histogram-series';
import { LabelChildren } from './label-children';
import { LATENCY_BUCKETS, SOURCE_COUNT_BUCKETS } from './metric-buckets';

export type SearchOutcome = 'completed' | 'failed' | 'aborted';
export type SearchStep = 'plan' | 'retrieve' | 'rank' | 'read' | 'write';

/** One search being measured: made when its pipeline starts, told about its milestones. */
export interface SearchMeasurement {
  sources(count: number): void;
  /** The first `response` line (the first text of the answer). */
  firstResponse(): void;
  end(outcome: SearchOutcome): void;
}

const NOT_MEASURED: SearchMeasurement = {
  sources: () => undefined,
  firstResponse: () => undefined,
  end: () => undefined,
};

/** quarry_search*: answer-pipeline runs by optimization mode and the source kinds asked for. */
export class SearchMetrics {
  private readonly searches: CounterSeries<'mode' | 'source_kinds' | 'outcome'>;
  private readonly duration: HistogramSeries<'mode' | 'source_kinds' | 'outcome'>;
  private readonly firstResponse: LabelChildren<HistogramChild>;
  private readonly sourcesReturned: LabelChildren<HistogramChild>;
  private readonly cacheLookups: { hit: CounterChild; miss: CounterChild };
  private readonly steps: LabelChildren<HistogramChild>;

  constructor(registry: Registry) {
    this.searches = new CounterSeries({
      name: 'quarry_searches_total',
      help: 'Searches run, by mode, source kinds and outcome (completed, failed, aborted by the client).',
      labelNames: ['mode', 'source_kinds', 'outcome'],
      registers: [registry],
    });
    this.duration = new HistogramSeries({
      name: 'quarry_search_duration_seconds',
      help: 'Time from the pipeline starting to its last event, by mode, source kinds and outcome.',
      labelNames: ['mode', 'source_kinds', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const firstResponse = new HistogramSeries({
      name: 'quarry_search_first_response_seconds',
      help: 'Time from the pipeline starting to the first response line (first answer text).',
      labelNames: ['mode', 'source_kinds'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const sources = new HistogramSeries({
      name: 'quarry_search_sources_returned',
      help: 'Sources given to the answer, by mode.',
      labelNames: ['mode'],
      buckets: SOURCE_COUNT_BUCKETS,
      registers: [registry],
    });
    const cache = new CounterSeries({
      name: 'quarry_search_cache_lookups_total',
      help: 'Meta-search result cache lookups, by result (hit, miss).',
      labelNames: ['result'],
      registers: [registry],
    });
    const steps = new HistogramSeries({
      name: 'quarry_search_step_duration_seconds',
      help: 'Duration of each pipeline step (plan, retrieve, rank, read, write).',
      labelNames: ['step'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.firstResponse = new LabelChildren((mode, kinds) => firstResponse.labels(mode, kinds));
    this.sourcesReturned = new LabelChildren((mode) => sources.labels(mode));
    this.cacheLookups = { hit: cache.labels('hit'), miss: cache.labels('miss') };
    this.steps = new LabelChildren((step) => steps.labels(step));
  }

  /** `sourceKinds` as asked for, joined sorted ("local,web"; "none" for history-only answers). */
  begin(mode: string, sourceKinds: readonly string[]): SearchMeasurement {
    const kinds = sourceKinds.length === 0 ? 'none' : [...sourceKinds].sort().join(',');
    const startedAt = performance.now();
    let ended = false;
    let answered = false;
    return {
      sources: (count) => this.sourcesReturned.get(mode).observe(count),
      firstResponse: () => {
        if (answered) return;
        answered = true;
        this.firstResponse.get(mode, kinds).observe((performance.now() - startedAt) / 1000);
      },
      end: (outcome) => {
        if (ended) return;
        ended = true;
        this.searches.labels(mode, kinds, outcome).inc();
        this.duration.labels(mode, kinds, outcome).observe((performance.now() - startedAt) / 1000);
      },
    };
  }

  static readonly notMeasured = NOT_MEASURED;

  cacheLookup(hit: boolean): void {
    (hit ? this.cacheLookups.hit : this.cacheLookups.miss).inc();
  }

  step(step: SearchStep, seconds: number): void {
    this.steps.get(step).observe(seconds);
  }
}
