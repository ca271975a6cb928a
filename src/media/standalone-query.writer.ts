import { Injectable, Logger } from '@nestjs/common';
import type { ChatMessage, ChatModel } from '../providers';
import { readModelJson, type HistoryTurn, type OptimizationMode } from '../search';

const MAX_QUERY_CHARS = 400;

/**
 * Rewrites a follow-up question into one standalone search query with the chat model. A question
 * without history, or in speed mode, is searched as given with no model call; a failed call or an
 * unusable reply also falls back to the question (logged), as the search planner does.
 */
@Injectable()
export class StandaloneQueryWriter {
  private readonly logger = new Logger('StandaloneQuery');

  async write(
    model: ChatModel,
    query: string,
    history: readonly HistoryTurn[],
    mode: OptimizationMode,
    signal: AbortSignal,
    requestId?: string,
  ): Promise<string> {
    if (history.length === 0 || mode === 'speed') return query;
    try {
      const completion = await model.complete(messages(query, history), {
        signal,
        json: true,
        temperature: 0,
      });
      const rewritten = parseStandaloneQuery(completion.text, query);
      if (rewritten === undefined) {
        this.logger.warn({ requestId }, 'rewriting gave no usable query, searching as given');
      }
      return rewritten ?? query;
    } catch (error) {
      if (signal.aborted) throw error;
      this.logger.warn(
        { requestId },
        `rewriting failed, searching as given: ${(error as Error).message}`,
      );
      return query;
    }
  }
}

// The conversation goes as real turns and the question last, so that a model reading only the
// last user message and the one before it (the built-in extractive model) still has both.
function messages(query: string, history: readonly HistoryTurn[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You write search queries for an image and video search engine. Rewrite the last user ' +
        'message, using the conversation for context, into one short standalone search query: ' +
        'resolve pronouns and references, keep names and key terms. Reply with one JSON object and ' +
        'nothing else, shaped like {"query": "..."}.',
    },
    ...history.map((turn) => ({ role: turn.role, content: turn.content })),
    { role: 'user', content: query },
  ];
}

/**
 * Reads {"query": "..."}; also {"queries": [...]}, where the first entry that differs from the
 * question as asked is the rewrite. Undefined when nothing usable is there.
 */
export function parseStandaloneQuery(output: string, asked: string): string | undefined {
  const parsed = readModelJson(output);
  if (parsed === undefined) return undefined;
  const record = (parsed ?? {}) as { query?: unknown; queries?: unknown };
  const candidates = [record.query, ...(Array.isArray(record.queries) ? record.queries : [])]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS))
    .filter((value) => value.length > 0);
  const normalizedAsked = asked.replace(/\s+/g, ' ').trim().toLowerCase();
  return candidates.find((value) => value.toLowerCase() !== normalizedAsked) ?? candidates[0];
}
