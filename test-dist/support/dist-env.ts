/** What global setup publishes to the test files (through the environment the workers inherit). */
export interface DistEnv {
  /** The built service, with AUTH_REQUIRED=true. */
  readonly quarryUrl: string;
  /** A bearer token the fake auth service accepts. */
  readonly token: string;
  /** The fake auth service the built service asks about tokens. */
  readonly authUrl: string;
  readonly searxngUrl: string;
  readonly openaiUrl: string;
  readonly ollamaUrl: string;
  readonly siblingUrl: string;
  readonly webhookUrl: string;
}

const KEY = 'QUARRY_DIST_ENV';

export function publishDistEnv(env: DistEnv): void {
  process.env[KEY] = JSON.stringify(env);
}

export function distEnv(): DistEnv {
  const raw = process.env[KEY];
  if (!raw)
    throw new Error('run through test-dist/jest.config.js: global setup starts the service');
  return JSON.parse(raw) as DistEnv;
}
