import type { RemoteReply, ReplyHead } from './webhook-http.client';

/** The interface's "Connector action result". */
export interface WebhookResult {
  readonly status_code: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly success: boolean;
  readonly error?: string;
}

/** A reply as the caller sees it; success is true for 2xx only. */
export function resultOf(reply: RemoteReply): WebhookResult {
  return {
    status_code: reply.status,
    headers: reply.headers,
    body: parsedBody(reply.body),
    success: reply.status >= 200 && reply.status < 300,
  };
}

/**
 * After the last attempt failed: what came of it, and why. Status 0 when no reply came; body null
 * when none came or it was refused as too large.
 */
export function failedResult(
  reply: RemoteReply | ReplyHead | undefined,
  error: string,
): WebhookResult {
  return {
    status_code: reply?.status ?? 0,
    headers: reply?.headers ?? {},
    body: reply && 'body' in reply ? parsedBody(reply.body) : null,
    success: false,
    error,
  };
}

function parsedBody(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
