import { Injectable, Logger } from '@nestjs/common';
import { type ChatMessage, type ChatModel, formatNumberedSources } from '../../providers';
import type { HistoryTurn, SearchSource } from '../../search';

export const MIN_RELATED_QUESTIONS = 3;
export const MAX_RELATED_QUESTIONS = 5;
const MAX_QUESTION_CHARS = 300;
const SOURCES_IN_PROMPT = 10;
const SOURCE_CHARS_IN_PROMPT = 400;

/**
 * Follow-up questions the user might ask next, written by the chat model from the conversation and
 * the sources found: Sonar's related_questions (/v1, from the question and its sources) and
 * POST /api/suggestions (from a whole conversation).
 */
@Injectable()
export class RelatedQuestionsWriter {
  private readonly logger = new Logger('RelatedQuestions');

  /** For one question and the sources found for it (runs beside the answer); [] on failure. */
  async write(
    model: ChatModel,
    query: string,
    sources: readonly SearchSource[],
    signal: AbortSignal,
    requestId?: string,
  ): Promise<string[]> {
    try {
      return await this.suggest(model, [{ role: 'user', content: query }], sources, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      this.logger.warn({ requestId }, `related questions failed: ${(error as Error).message}`);
      return [];
    }
  }

  /**
   * For a conversation, oldest turn first; questions equal to the last one asked are left out.
   * A failed model call is thrown (ModelCallError), for the caller to decide.
   */
  async suggest(
    model: ChatModel,
    conversation: readonly HistoryTurn[],
    sources: readonly SearchSource[],
    signal: AbortSignal,
  ): Promise<string[]> {
    const lastAsked = [...conversation].reverse().find((turn) => turn.role === 'user')?.content;
    const completion = await model.complete(messages(conversation, sources), {
      signal,
      json: true,
      temperature: 0.3,
      purpose: 'follow-up-questions',
    });
    return parseRelatedQuestions(completion.text, lastAsked ?? '');
  }
}

// The conversation goes as real turns with the instruction last, so any provider accepts the
// order and the built-in model (told by purpose) can tell the conversation from the instruction.
function messages(
  conversation: readonly HistoryTurn[],
  sources: readonly SearchSource[],
): ChatMessage[] {
  const found = sources.slice(0, SOURCES_IN_PROMPT).map((source) => ({
    title: source.title,
    url: source.url,
    content: source.content.slice(0, SOURCE_CHARS_IN_PROMPT),
  }));
  return [
    {
      role: 'system',
      content:
        `You suggest ${MIN_RELATED_QUESTIONS} to ${MAX_RELATED_QUESTIONS} short follow-up questions a ` +
        'curious reader might ask next about the topic of the conversation. Each must be a ' +
        'complete, standalone question, different from the questions already asked. Reply with one ' +
        'JSON object and nothing else, shaped like {"questions": ["...", "..."]}.' +
        (found.length ? `\n\nSources found:\n${formatNumberedSources(found)}` : ''),
    },
    ...conversation.map((turn) => ({ role: turn.role, content: turn.content })),
    {
      role: 'user',
      content: `Suggest ${MIN_RELATED_QUESTIONS} to ${MAX_RELATED_QUESTIONS} follow-up questions for the conversation above, as {"questions": [...]}.`,
    },
  ];
}

/**
 * Reads the model's list defensively: at most five distinct questions, none equal to the query.
 * The list is the JSON asked for, or else the numbered or bulleted list small local models often
 * write instead: each item that ends in a question mark.
 */
export function parseRelatedQuestions(output: string, query: string): string[] {
  const text = output.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const listed = jsonList(text);
  const list = listed.length > 0 ? listed : questionLines(text);
  const seen = new Set([normalize(query)]);
  const questions: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const question = item.replace(/\s+/g, ' ').trim().slice(0, MAX_QUESTION_CHARS);
    if (!question || seen.has(normalize(question))) continue;
    seen.add(normalize(question));
    questions.push(question);
    if (questions.length === MAX_RELATED_QUESTIONS) break;
  }
  return questions;
}

/** The strings of the JSON array or object in a text (its first array of them), else []. */
function jsonList(text: string): unknown[] {
  const start = text.search(/[[{]/);
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (start === -1 || end <= start) return [];
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    return Array.isArray(parsed) ? parsed : firstStringArray(parsed);
  } catch {
    return [];
  }
}

/** "1. How does X work?", "- Why Y?": the items of a list that are questions, without their marker. */
function questionLines(text: string): string[] {
  const items: string[] = [];
  for (const line of text.split('\n')) {
    const item = /^\s*(?:[-*•]|\d{1,2}[.)])\s*(.+)$/u.exec(line)?.[1];
    const question = item?.replace(/^["“'*]+|["”'*,]+$/gu, '').trim();
    if (question && /\p{L}.*\?$/u.test(question)) items.push(question);
  }
  return items;
}

function firstStringArray(value: unknown): unknown[] {
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  for (const key of ['questions', 'related_questions', 'queries']) {
    if (Array.isArray(record[key])) return record[key];
  }
  return Object.values(record).find(Array.isArray) ?? [];
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s?!.]+$/g, '')
    .trim();
}
