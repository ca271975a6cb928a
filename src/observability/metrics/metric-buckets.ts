/** Latency buckets in seconds: from a cached JSON reply (milliseconds) to a long answer stream. */
export const LATENCY_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
];

/** Sources in one answer: the configured range is 1 to 20. */
export const SOURCE_COUNT_BUCKETS = [0, 1, 2, 3, 4, 6, 8, 10, 15, 20];
