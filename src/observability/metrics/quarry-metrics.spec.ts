import { QuarryMetrics } from './quarry-metrics';

describe('QuarryMetrics', () => {
  afterEach(() => jest.restoreAllMocks());

  it('samples the event-loop lag at the resolution it is given (METRICS_EVENT_LOOP_RESOLUTION_MS)', async () => {
    // The module object prom-client itself requires (an ES import would give a copy).
    const perfHooks = jest.requireActual<typeof import('node:perf_hooks')>('perf_hooks');
    const monitor = jest.spyOn(perfHooks, 'monitorEventLoopDelay');
    const metrics = new QuarryMetrics(50);
    expect(monitor).toHaveBeenCalledWith({ resolution: 50 });
    expect((await metrics.render()).body).toContain('quarry_nodejs_eventloop_lag_p99_seconds');
  });
});
