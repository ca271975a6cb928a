import type { LightMyRequestResponse } from 'fastify';

/** Fails the property unless the answer is 2xx, or 4xx in the service's error shape. */
export function expectQuarryAnswer(res: LightMyRequestResponse, sent: string): void {
  if (res.statusCode >= 200 && res.statusCode < 300) return;
  const body = parsed(res);
  const shaped =
    res.statusCode >= 400 &&
    res.statusCode < 500 &&
    body !== undefined &&
    body.statusCode === res.statusCode &&
    typeof body.error === 'string' &&
    (typeof body.message === 'string' || Array.isArray(body.message)) &&
    typeof body.requestId === 'string';
  if (!shaped) throw new Error(describe(res, sent));
}

/** Fails the property unless the answer is 2xx, or 4xx in OpenAI's error shape. */
export function expectOpenAiAnswer(res: LightMyRequestResponse, sent: string): void {
  if (res.statusCode >= 200 && res.statusCode < 300) return;
  const error = parsed(res)?.error as Record<string, unknown> | undefined;
  const shaped =
    res.statusCode >= 400 &&
    res.statusCode < 500 &&
    error !== undefined &&
    typeof error.message === 'string' &&
    typeof error.type === 'string' &&
    'param' in error &&
    'code' in error;
  if (!shaped) throw new Error(describe(res, sent));
}

/** Rejects when the call takes longer than `ms`: a hang is a failure, not a slow pass. */
export async function withinMs<T>(ms: number, call: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function parsed(res: LightMyRequestResponse): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(res.body);
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function describe(res: LightMyRequestResponse, sent: string): string {
  return `answered ${res.statusCode} ${res.body.slice(0, 300)} to ${sent.slice(0, 300)}`;
}
