const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date formats Sonar's search_*_date_filter fields are written in. */
export const FILTER_DATE_FORMATS = 'MM/DD/YYYY or YYYY-MM-DD';

/**
 * Reads MM/DD/YYYY (also M/D/YYYY, as Sonar's own examples write it) or YYYY-MM-DD into the
 * UTC midnight of that day (epoch ms); undefined for anything else, including 02/30/2025.
 */
export function parseFilterDate(text: string): number | undefined {
  const trimmed = text.trim();
  const us = US_DATE.exec(trimmed);
  const iso = us ? undefined : ISO_DATE.exec(trimmed);
  if (!us && !iso) return undefined;
  const [year, month, day] = us
    ? [Number(us[3]), Number(us[1]), Number(us[2])]
    : [Number(iso![1]), Number(iso![2]), Number(iso![3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  // Date.UTC rolls 02/30 over to 03/02; a real date survives the round trip.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return undefined;
  }
  return ms;
}

export const DAY_MS = 86_400_000;
