/** One dependency in the readiness report: `status` plus the check's details or its reason. */
export type ReadinessEntry = { status: 'up' | 'down' } & Record<string, unknown>;

/** The readiness report, in the shape @nestjs/terminus made familiar. */
export interface ReadinessReport {
  /** "error" when the service cannot do its main job (a required group is all down); then 503. */
  readonly status: 'ok' | 'error';
  /** Dependencies that are up. */
  readonly info: Record<string, ReadinessEntry>;
  /** Dependencies that are down, each with a reason, required or not. */
  readonly error: Record<string, ReadinessEntry>;
  /** Every dependency. */
  readonly details: Record<string, ReadinessEntry>;
}
