import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { ConnectorParams } from '../connector';
import { ConnectorValidationError } from '../connector.errors';

/** The parameters of a webhook action once checked: nothing here can make the request fail to build. */
export interface WebhookParams {
  readonly url: URL;
  /** Custom headers in the caller's order, values already text. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Query parameters for GET, values already text. */
  readonly query: ReadonlyArray<readonly [string, string]>;
  /** The body as given; undefined when absent (null counts as absent). */
  readonly body: unknown;
  /** The caller's signing secret; undefined when not given or empty. */
  readonly secret: string | undefined;
}

/** Checks the parameters in the order the interface's rule 1 gives, then the optional ones. */
export function parseWebhookParams(params: ConnectorParams): WebhookParams {
  return {
    url: parseUrl(params.url),
    headers: parseHeaders(params.headers),
    query: textEntries(objectParam(params.params, 'params')),
    body: params.body ?? undefined,
    secret: parseSecret(params.secret),
  };
}

/**
 * How parameter and header values become text: strings as they are, numbers and booleans printed,
 * null as empty, objects and arrays as their JSON.
 */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as number | boolean | bigint);
}

function parseUrl(value: unknown): URL {
  if (typeof value !== 'string' || value === '') {
    throw new ConnectorValidationError('url is required');
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConnectorValidationError('invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConnectorValidationError('URL must use http or https');
  }
  // Port 0 names no port: undici would send the request to the scheme's default one instead.
  if (url.port === '0') throw new ConnectorValidationError('invalid URL: port 0');
  return url;
}

function parseHeaders(value: unknown): Array<[string, string]> {
  const headers = textEntries(objectParam(value, 'headers'));
  // Checked here so a bad header is the caller's 400, not a failed (and retried) send.
  for (const [name, text] of headers) {
    try {
      validateHeaderName(name);
    } catch {
      throw new ConnectorValidationError(`invalid header name: ${name}`);
    }
    try {
      validateHeaderValue(name, text);
    } catch {
      throw new ConnectorValidationError(`invalid value for header ${name}`);
    }
  }
  return headers;
}

function parseSecret(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ConnectorValidationError('secret must be a string');
  return value;
}

function objectParam(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ConnectorValidationError(`${name} must be an object`);
  }
  return value as Record<string, unknown>;
}

function textEntries(record: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(record).map(([key, value]) => [key, asText(value)]);
}
