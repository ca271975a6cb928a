/** Sonar's search_recency_filter values. */
export const RECENCIES = ['hour', 'day', 'week', 'month', 'year'] as const;
export type Recency = (typeof RECENCIES)[number];

/** SearxNG's time_range values; it has no "hour". */
export const TIME_RANGES = ['day', 'week', 'month', 'year'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Length of each period, as Sonar defines them (week 7 days, month 30, year 365). */
export const RECENCY_MS: Record<Recency, number> = {
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
};

/** The narrowest SearxNG time_range that still covers a window of this many ms before now. */
export function timeRangeCovering(windowMs: number): TimeRange | undefined {
  return TIME_RANGES.find((range) => RECENCY_MS[range] >= windowMs);
}
