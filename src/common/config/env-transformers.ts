import { Transform } from 'class-transformer';

/** Splits "a, b,,c" into ["a", "b", "c"]; an absent variable becomes []. */
export const CommaSeparated = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part.length > 0)
      : (value ?? []),
  );

/** "true"/"1"/"yes" are true, "false"/"0"/"no" false; anything else is left for validation to reject. */
export const BooleanFlag = () =>
  Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    if (typeof raw === 'boolean' || raw === undefined) return raw;
    const text = String(raw).toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(text)) return true;
    if (['false', '0', 'no', 'off'].includes(text)) return false;
    return raw;
  });
