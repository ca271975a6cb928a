import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite';
import type { ChatMessage } from '../../providers';

/** Chat format overhead, as OpenAI counts it: per message, and once for the reply's priming. */
const TOKENS_PER_MESSAGE = 3;
const REPLY_PRIMING_TOKENS = 3;

let encoder: Tiktoken | undefined;

/**
 * o200k_base (the GPT-4o family's encoding), loaded and built on first use: its ranks are a 2 MiB
 * module that only a model without usage reports needs, so a service that never counts keeps it
 * off the heap.
 */
function tiktoken(): Tiktoken {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, see above */
  encoder ??= new (require('js-tiktoken/lite') as typeof import('js-tiktoken/lite')).Tiktoken(
    // The CommonJS build exports the ranks object itself.
    require('js-tiktoken/ranks/o200k_base') as TiktokenBPE,
  );
  /* eslint-enable @typescript-eslint/no-require-imports */
  return encoder;
}

/** Tokens of a text, for models whose provider does not report usage. */
export function countTextTokens(text: string): number {
  return text ? tiktoken().encode(text).length : 0;
}

/** Tokens of a prompt in the chat format: role and content of each message plus overheads. */
export function countPromptTokens(messages: readonly ChatMessage[]): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const message of messages) {
    total += TOKENS_PER_MESSAGE + countTextTokens(message.role) + countTextTokens(message.content);
  }
  return total;
}

/**
 * The longest start of a text within this many tokens (whole characters only), or undefined when
 * the whole text is within them: encoded once, whether it is cut or not.
 */
export function cutToTokens(text: string, tokens: number): string | undefined {
  const encoded = tiktoken().encode(text);
  if (encoded.length <= tokens) return undefined;
  // A token may end inside a character; a half character decodes as U+FFFD and is left out.
  return tiktoken()
    .decode(encoded.slice(0, Math.max(0, tokens)))
    .replace(/\uFFFD+$/, '');
}
