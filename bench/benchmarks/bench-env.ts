/** Settings every benchmarked service starts with: production build, quiet logs, no rate limit. */
export const BENCH_SERVICE_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  AUTH_REQUIRED: 'false',
  RATE_LIMIT_MAX: '0',
  SEARCH_MAX_CONCURRENT_PER_CLIENT: '100000',
  // `METRICS_ENABLED=false npm run bench` measures the service without metrics, so the cost of
  // recording them is the difference between two runs (default on, as deployed).
  METRICS_ENABLED: process.env.METRICS_ENABLED ?? 'true',
};

export function ratio(value: number, baseline: number): string {
  return baseline > 0 ? (value / baseline).toFixed(2) : 'n/a';
}
