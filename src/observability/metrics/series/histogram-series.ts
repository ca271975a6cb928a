import { MetricSeries, type SeriesOptions, type SeriesSample } from './metric-series';

/** A histogram child: a count per bucket (not cumulative until scraped), a sum and a count. */
export class HistogramChild {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) return; // a NaN would poison the sum for the process's lifetime
    const { bounds } = this;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]) {
        this.counts[i]++;
        break;
      }
    }
    this.sum += value;
    this.count++;
  }
}

export interface HistogramSeriesOptions<L extends string> extends SeriesOptions<L> {
  /** Upper bounds, ascending; +Inf is implied. */
  readonly buckets: readonly number[];
}

/** A Prometheus histogram family with plain-number children (see MetricSeries). */
export class HistogramSeries<L extends string = string> extends MetricSeries<L, HistogramChild> {
  private readonly bounds: readonly number[];

  constructor(options: HistogramSeriesOptions<L>) {
    super('histogram', options);
    this.bounds = [...options.buckets].sort((a, b) => a - b);
  }

  protected createChild(): HistogramChild {
    return new HistogramChild(this.bounds);
  }

  protected zero(child: HistogramChild): void {
    child.counts.fill(0);
    child.sum = 0;
    child.count = 0;
  }

  protected sample(
    labels: Record<string, string>,
    child: HistogramChild,
    out: SeriesSample[],
  ): void {
    if (child.count === 0) return; // as prom-client: a series appears once recorded
    const bucket = `${this.name}_bucket`;
    let cumulative = 0;
    for (let i = 0; i < this.bounds.length; i++) {
      cumulative += child.counts[i];
      out.push({
        labels: { le: this.bounds[i], ...labels },
        value: cumulative,
        metricName: bucket,
      });
    }
    out.push({ labels: { le: '+Inf', ...labels }, value: child.count, metricName: bucket });
    out.push({ labels, value: child.sum, metricName: `${this.name}_sum` });
    out.push({ labels, value: child.count, metricName: `${this.name}_count` });
  }
}
