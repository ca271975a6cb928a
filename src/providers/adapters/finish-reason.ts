import type { FinishReason } from '../model.ports';

/**
 * Why a provider stopped, in Quarry's terms: `cutShort` is the provider's word for the token limit
 * (length, max_tokens, MAX_TOKENS); any other reason ends the answer.
 */
export function finishReasonOf(
  reason: string | null | undefined,
  cutShort: string,
): FinishReason | undefined {
  if (!reason) return undefined;
  return reason === cutShort ? 'length' : 'stop';
}
