import { ModelCallError, type ModelCallFailure } from '../model.errors';
import type { CallDeadline } from './call-deadline';

export interface CallSubject {
  readonly providerName: string;
  readonly key: string;
}

/** An Error whose name is AbortError: the caller cancelled; it is not a provider failure. */
export class ModelCallAbortedError extends Error {
  override readonly name = 'AbortError';
}

/**
 * Turns whatever an SDK threw into a typed ModelCallError naming the provider and model, or into
 * ModelCallAbortedError when the caller's signal ended the call. Reads the status the way each
 * SDK exposes it (status, status_code, code) and never copies keys or addresses into the message.
 */
export function toModelCallError(
  error: unknown,
  subject: CallSubject,
  deadline?: CallDeadline,
): Error {
  if (error instanceof ModelCallError || error instanceof ModelCallAbortedError) return error;
  const fail = (failure: ModelCallFailure, detail: string, retryAfter?: number) =>
    new ModelCallError(failure, subject.providerName, subject.key, detail, retryAfter);
  if (deadline?.timedOut) return fail('timeout', `no answer within ${deadline.timeoutMs} ms`);
  if (deadline?.signal.aborted) return new ModelCallAbortedError('the model call was cancelled');

  const status = statusOf(error);
  const detail = messageOf(error);
  if (status === 401 || status === 403) return fail('auth_failed', detail);
  if (status === 404) return fail('model_not_found', detail);
  if (status === 429) return fail('rate_limited', detail, retryAfterOf(error));
  if (status === 408 || status === 504) return fail('timeout', detail);
  if (status === 400 && isContextTooLong(error, detail)) return fail('context_too_long', detail);
  if (status === 400 || status === 422) return fail('invalid_request', detail);
  if (status !== undefined && status >= 500)
    return fail('unreachable', `HTTP ${status}: ${detail}`);
  if (status !== undefined) return fail('bad_response', `HTTP ${status}: ${detail}`);
  if (isTimeout(error)) return fail('timeout', detail);
  if (isConnectionFailure(error)) return fail('unreachable', detail);
  return fail('bad_response', detail);
}

/**
 * How providers say the prompt is over the model's context: OpenAI's code, or the words of
 * OpenAI-compatible servers, Anthropic ("prompt is too long") and Gemini ("input token count").
 */
const CONTEXT_TOO_LONG =
  /context[_ ]length|context window|maximum context|prompt is too long|input token count|too many tokens/i;

function isContextTooLong(error: unknown, detail: string): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'context_length_exceeded' || CONTEXT_TOO_LONG.test(detail);
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as Record<string, unknown>;
  for (const field of ['status', 'status_code', 'statusCode']) {
    if (typeof record[field] === 'number') return record[field];
  }
  return undefined;
}

function retryAfterOf(error: unknown): number | undefined {
  const headers = (error as { headers?: unknown }).headers;
  // A Headers of any realm or undici copy (the adapters' fetch is the npm undici's, not the global
  // one, so instanceof Headers would be false), or a plain record.
  const value =
    typeof (headers as Headers | undefined)?.get === 'function'
      ? (headers as Headers).get('retry-after')
      : typeof headers === 'object' && headers !== null
        ? (headers as Record<string, unknown>)['retry-after']
        : undefined;
  const seconds = Number(value);
  return value !== undefined && value !== null && Number.isFinite(seconds) ? seconds : undefined;
}

function isTimeout(error: unknown): boolean {
  const name = (error as Error)?.name ?? '';
  return /timeout/i.test(name) || /timed? ?out/i.test(messageOf(error));
}

function isConnectionFailure(error: unknown): boolean {
  const text = `${(error as Error)?.name} ${messageOf(error)} ${causeCode(error)}`;
  return /connection|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|fetch failed|socket|terminated|network/i.test(
    text,
  );
}

function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  return typeof cause?.code === 'string' ? cause.code : '';
}

/** A short reason; URLs are cut out so an address with credentials never reaches a client. */
export function messageOf(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return (
    raw
      .replace(/https?:\/\/\S+/g, '<url>')
      .split('\n')[0]
      .slice(0, 300) || 'unknown error'
  );
}
