/** A string cache with per-entry expiry; callers hash their own keys and serialise their own values. */
export interface KeyValueCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Where entries live right now: 'redis' or 'memory' (after a Redis failure, or with no Redis). */
  readonly backend: 'redis' | 'memory';
}
