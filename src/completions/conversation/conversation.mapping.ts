import type { HistoryTurn } from '../../search';
import type { RequestMessage } from '../dto/chat-messages.validator';
import { InvalidCompletionRequestError } from '../errors/completion.errors';

export interface MappedConversation {
  readonly query: string;
  readonly history: HistoryTurn[];
  readonly systemInstructions?: string;
}

/**
 * Chat messages as the search pipeline takes them: the last message (which must be the user's)
 * is the query, earlier user and assistant turns the history, and every system or developer
 * message, in order, the instructions.
 */
export function mapConversation(messages: readonly RequestMessage[]): MappedConversation {
  const instructions: string[] = [];
  const turns: HistoryTurn[] = [];
  for (const message of messages) {
    const text = textOf(message);
    if (message.role === 'system' || message.role === 'developer') {
      if (text.trim()) instructions.push(text.trim());
    } else if (message.role === 'user' || (message.role === 'assistant' && text.trim())) {
      // Tool results and turns that only called tools are not part of the text conversation.
      turns.push({ role: message.role, content: text });
    }
  }
  const last = turns.at(-1);
  if (!last || last.role !== 'user' || messages.at(-1)?.role !== 'user') {
    throw new InvalidCompletionRequestError(
      'the last message must be from the user: it is the question answered',
      'messages',
    );
  }
  if (!last.content.trim()) {
    throw new InvalidCompletionRequestError('the last user message must not be empty', 'messages');
  }
  return {
    query: last.content.trim(),
    history: turns.slice(0, -1),
    ...(instructions.length > 0 ? { systemInstructions: instructions.join('\n\n') } : {}),
  };
}

function textOf(message: RequestMessage): string {
  if (message.content == null) return '';
  return typeof message.content === 'string'
    ? message.content
    : message.content.reduce((text, part) => joinParts(text, part.text), '');
}

/**
 * Parts are separate pieces of text: where neither side has a space, one goes between them, unless
 * the next part starts with closing punctuation ("$5" + "." stays "$5.").
 */
function joinParts(text: string, part: string): string {
  return text && part && !/\s$/.test(text) && !/^[\s.,;:!?)\]}»”’]/.test(part)
    ? `${text} ${part}`
    : text + part;
}
