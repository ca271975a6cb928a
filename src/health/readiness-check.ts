export interface ReadinessResult {
  readonly up: boolean;
  /** Why it is down, in words an operator can act on; never a secret. */
  readonly reason?: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** One dependency the service needs; modules register theirs with the ReadinessRegistry. */
export interface ReadinessCheck {
  readonly name: string;
  /**
   * The service cannot do its main job when every check of this group is down (for example every
   * meta-search address, or the auth service while authentication is required): readiness is then
   * 503. A check without a group is reported, up or down, but never makes the service unready.
   */
  readonly requiredGroup?: string;
  check(): Promise<ReadinessResult>;
}
