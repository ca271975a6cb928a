import { Injectable, Logger } from '@nestjs/common';
import type { ChatMessage, ChatModel } from '../../providers/model.ports';
import type { SearchSource } from '../../search/search-run';

export const MIN_RELATED_QUESTIONS = 3;
export const MAX_RELATED_QUESTIONS = 5;
const MAX_QUESTION_CHARS = 300;
const SOURCE_TITLES_IN_PROMPT = 10;

/**
 * Sonar's related_questions: 3 to 5 follow-ups the user might ask next, written by the request's
 * chat model from the question and the titles of the sources found. Runs beside the answer;
 * a failure costs the list (empty), never the answer.
 */
@Injectable()
export class RelatedQuestionsWriter {
  private readonly logger = new Logger('RelatedQuestions');

  async write(
    model: ChatModel,
    query: string,
    sources: readonly SearchSource[],
    signal: AbortSignal,
    requestId?: string,
  ): Promise<string[]> {
    try {
      const completion = await model.complete(this.messages(query, sources), {
        signal,
        json: true,
        temperature: 0.3,
      });
      return parseRelatedQuestions(completion.text, query);
    } catch (error) {
      if (signal.aborted) throw error;
      this.logger.warn({ requestId }, `related questions failed: ${(error as Error).message}`);
      return [];
    }
  }

  private messages(query: string, sources: readonly SearchSource[]): ChatMessage[] {
    const titles = sources
      .slice(0, SOURCE_TITLES_IN_PROMPT)
      .map((source) => `- ${source.title}`)
      .join('\n');
    return [
      {
        role: 'system',
        content:
          `Suggest ${MIN_RELATED_QUESTIONS} to ${MAX_RELATED_QUESTIONS} short follow-up questions a curious ` +
          'reader might ask next about the topic of the question below. Each must be a complete, ' +
          'standalone question, different from the original. Reply with one JSON object and nothing ' +
          'else, shaped like {"questions": ["...", "..."]}.',
      },
      {
        role: 'user',
        content: `${titles ? `Sources found:\n${titles}\n\n` : ''}Question: ${query}`,
      },
    ];
  }
}

/** Reads the model's list defensively: at most five distinct questions, none equal to the query. */
export function parseRelatedQuestions(output: string, query: string): string[] {
  const text = output.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const start = text.search(/[[{]/);
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (start === -1 || end <= start) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : firstStringArray(parsed);
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
