export interface ReadinessResult {
  readonly up: boolean;
  /** Why it is down, in words an operator can act on; never a secret. */
  readonly reason?: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

/** One dependency the service needs; modules register theirs with the ReadinessRegistry. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<ReadinessResult>;
}
