import { MetricSeries, type SeriesOptions, type SeriesSample } from './metric-series';

/** A gauge child: a number that goes up and down. */
export class GaugeChild {
  value = 0;
  /** Set once recorded: a gauge back at 0 is still a series, one never touched is not. */
  recorded = false;

  inc(by = 1): void {
    this.value += by;
    this.recorded = true;
  }

  dec(by = 1): void {
    this.value -= by;
    this.recorded = true;
  }

  set(value: number): void {
    this.value = value;
    this.recorded = true;
  }
}

/** A Prometheus gauge family with plain-number children (see MetricSeries). */
export class GaugeSeries<L extends string = string> extends MetricSeries<L, GaugeChild> {
  constructor(options: SeriesOptions<L>) {
    super('gauge', options);
  }

  protected createChild(): GaugeChild {
    return new GaugeChild();
  }

  protected zero(child: GaugeChild): void {
    child.value = 0;
    child.recorded = false;
  }

  protected sample(labels: Record<string, string>, child: GaugeChild, out: SeriesSample[]): void {
    if (!child.recorded) return;
    out.push({ labels, value: child.value });
  }
}
