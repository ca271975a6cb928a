import { MetricSeries, type SeriesOptions, type SeriesSample } from './metric-series';

/** A counter child: inc() adds to one number. */
export class CounterChild {
  value = 0;

  inc(by = 1): void {
    this.value += by;
  }
}

/** A Prometheus counter family with plain-number children (see MetricSeries). */
export class CounterSeries<L extends string = string> extends MetricSeries<L, CounterChild> {
  constructor(options: SeriesOptions<L>) {
    super('counter', options);
  }

  protected createChild(): CounterChild {
    return new CounterChild();
  }

  protected zero(child: CounterChild): void {
    child.value = 0;
  }

  protected sample(labels: Record<string, string>, child: CounterChild, out: SeriesSample[]): void {
    if (child.value === 0) return; // as prom-client: a series appears once recorded
    out.push({ labels, value: child.value });
  }
}
