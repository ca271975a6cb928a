import { distEnv } from './dist-env';
import { OpenApiContract } from './openapi-contract';

export interface CallOptions {
  readonly body?: unknown;
  /** Sent as it is, instead of JSON. */
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
  /** false: no Authorization header; a string: that token. Default: the token the fake auth accepts. */
  readonly token?: string | false;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  readonly contentType: string | null;
  readonly text: string;
  json<T = unknown>(): T;
}

/**
 * HTTP calls to the built service; each answer (status, content type, body) is checked against
 * the document the service serves before the test sees it, so no test can skip the contract.
 */
export class ContractClient {
  private constructor(
    readonly baseUrl: string,
    readonly contract: OpenApiContract,
    /** The forwarded paths, documented apart at /docs/siblings/json. */
    readonly siblings: OpenApiContract,
    private readonly token: string,
  ) {}

  static async create(): Promise<ContractClient> {
    const env = distEnv();
    const [contract, siblings] = await Promise.all([
      OpenApiContract.fetch(env.quarryUrl),
      OpenApiContract.fetch(env.quarryUrl, '/docs/siblings/json'),
    ]);
    return new ContractClient(env.quarryUrl, contract, siblings, env.token);
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token ?? this.token;
    if (token !== false) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    const pathname = new URL(path, this.baseUrl).pathname;
    const contract = this.siblings.templateOf(pathname) ? this.siblings : this.contract;
    const problems = contract.problemsOf(method, path, {
      status: response.status,
      contentType,
      body: text,
    });
    expect(problems).toEqual([]);
    return {
      status: response.status,
      headers: response.headers,
      contentType,
      text,
      json: <T>() => JSON.parse(text) as T,
    };
  }
}

/** Asserts the status; a failure shows the body, which usually says why. */
export function expectStatus(res: CallResult, status: number): void {
  const body = res.text.slice(0, 1000);
  expect({ status: res.status, body }).toEqual({ status, body: res.status === status ? body : '' });
}
