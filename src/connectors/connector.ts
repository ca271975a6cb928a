/** The parameters object of one action, as the caller sent it. */
export type ConnectorParams = Readonly<Record<string, unknown>>;

/**
 * What every connector offers: a stable identifier, how it presents itself, the actions it declares,
 * and the two steps of running one. New connectors implement this and join the CONNECTORS list.
 */
export interface Connector<Result = unknown> {
  readonly id: string;
  readonly displayName: string;
  readonly description: string;
  /** Actions listed to API users; a connector may execute more than it declares. */
  readonly declaredActions: readonly string[];

  /** Throws ConnectorValidationError naming the first problem with the parameters. */
  validate(params: ConnectorParams): void;

  /**
   * Runs one action. Rejects with UnknownActionError, ConnectorValidationError, or
   * ConnectorExecutionError carrying the result when every attempt failed.
   */
  execute(action: string, params: ConnectorParams): Promise<Result>;
}

/** Injection token of the list of every connector the service offers. */
export const CONNECTORS = Symbol('connectors:all');
