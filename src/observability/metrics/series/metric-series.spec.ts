import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CounterSeries } from './counter-series';
import { GaugeSeries } from './gauge-series';
import { HistogramSeries } from './histogram-series';

// The lean series must scrape exactly as prom-client's own metrics do for the same recordings:
// same names, labels, bucket counts, sums and counts (line order aside).
async function exposition(registry: Registry): Promise<string[]> {
  return (await registry.metrics()).split('\n').filter(Boolean).sort();
}

describe('lean metric series', () => {
  const buckets = [0.01, 0.1, 1];

  it('scrapes like prom-client for counters, gauges and histograms', async () => {
    const ours = new Registry();
    const reference = new Registry();
    const labelNames = ['route', 'status'] as const;
    const counter = new CounterSeries({
      name: 'c_total',
      help: 'c',
      labelNames,
      registers: [ours],
    });
    const gauge = new GaugeSeries({
      name: 'g',
      help: 'g',
      labelNames: ['route'],
      registers: [ours],
    });
    const histogram = new HistogramSeries({
      name: 'h_seconds',
      help: 'h',
      labelNames,
      buckets,
      registers: [ours],
    });
    const refCounter = new Counter({
      name: 'c_total',
      help: 'c',
      labelNames,
      registers: [reference],
    });
    const refGauge = new Gauge({
      name: 'g',
      help: 'g',
      labelNames: ['route'],
      registers: [reference],
    });
    const refHistogram = new Histogram({
      name: 'h_seconds',
      help: 'h',
      labelNames,
      buckets,
      registers: [reference],
    });

    for (const [route, status, seconds] of [
      ['/a', '200', 0.005],
      ['/a', '200', 0.01],
      ['/a', '500', 0.5],
      ['/b', '200', 7],
      ['/a', '200', 0.05],
    ] as const) {
      counter.labels(route, status).inc();
      refCounter.labels(route, status).inc();
      histogram.labels(route, status).observe(seconds);
      refHistogram.labels(route, status).observe(seconds);
    }
    gauge.labels('/s').inc();
    gauge.labels('/s').inc();
    gauge.labels('/s').dec();
    refGauge.labels('/s').inc();
    refGauge.labels('/s').inc();
    refGauge.labels('/s').dec();
    counter.labels('/a', '200').inc(3);
    refCounter.labels('/a', '200').inc(3);
    // Bound but never recorded: no line, as with prom-client.
    counter.labels('/never', '200');
    histogram.labels('/never', '200');
    gauge.labels('/never');
    refCounter.labels('/never', '200');
    refHistogram.labels('/never', '200');
    refGauge.labels('/never');

    expect(await exposition(ours)).toEqual(await exposition(reference));
    expect(await exposition(ours)).toContain(
      'h_seconds_bucket{le="0.01",route="/a",status="200"} 2',
    );
  });

  it('hands out one child per label combination and checks the label count once', () => {
    const registry = new Registry();
    const counter = new CounterSeries({
      name: 'x_total',
      help: 'x',
      labelNames: ['a', 'b'],
      registers: [registry],
    });
    expect(counter.labels('1', '2')).toBe(counter.labels('1', '2'));
    expect(counter.labels('1', '2')).not.toBe(counter.labels('12', ''));
    expect(() => counter.labels('1')).toThrow('x_total takes 2 label values, got 1');
  });

  it('zeroes in place on resetMetrics, so bound children keep recording', async () => {
    const registry = new Registry();
    const histogram = new HistogramSeries({
      name: 'r_seconds',
      help: 'r',
      labelNames: ['a'],
      buckets,
      registers: [registry],
    });
    const child = histogram.labels('x');
    child.observe(0.5);
    registry.resetMetrics();
    child.observe(0.05);
    const lines = await exposition(registry);
    expect(lines).toContain('r_seconds_count{a="x"} 1');
    expect(lines).toContain('r_seconds_bucket{le="0.01",a="x"} 0');
    expect(lines).toContain('r_seconds_bucket{le="0.1",a="x"} 1');
  });

  it('ignores a non-finite observation instead of poisoning the sum', async () => {
    const registry = new Registry();
    const histogram = new HistogramSeries({
      name: 'n_seconds',
      help: 'n',
      labelNames: [],
      buckets,
      registers: [registry],
    });
    histogram.labels().observe(Number.NaN);
    histogram.labels().observe(0.2);
    expect(await exposition(registry)).toContain('n_seconds_sum 0.2');
  });
});
