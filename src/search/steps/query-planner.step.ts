import { Injectable, Logger } from '@nestjs/common';
import type { ChatMessage } from '../../providers';
import { keyphraseQueries } from '../planning/keyphrase-queries';
import type { SearchRun, SourceKind } from '../search-run';
import { readModelJson } from './model-json';

export type PlannedQueries = ReadonlyMap<SourceKind, readonly string[]>;

const MAX_QUERIES = 3;
const MAX_QUERY_CHARS = 400;

const KIND_HINTS: Record<SourceKind, string> = {
  web: 'general web search',
  academic: 'scholarly papers (arXiv, Google Scholar, PubMed)',
  discussions: 'forum discussions (Reddit)',
  local: 'a full-text index of local documentation files',
};

/**
 * Plan: speed mode without history makes no model call and searches what the user wrote, with its
 * key phrases beside it when the question is long (see speedQueries). The other modes search those
 * too, first, and add 1-3 standalone keyword queries per source kind written by the chat model
 * from the question and conversation, so searching more never searches less. A model that cannot
 * write (the built-in extractive one) gets an offline plan of key phrases instead (see
 * keyphraseQueries).
 */
@Injectable()
export class QueryPlanner {
  private readonly logger = new Logger('QueryPlanner');

  async plan(run: SearchRun, signal: AbortSignal): Promise<PlannedQueries> {
    const asGiven = new Map(run.sourceKinds.map((kind) => [kind, [run.query]] as const));
    if (run.sourceKinds.length === 0) return asGiven;
    if (run.mode === 'speed' && run.history.length === 0) {
      const queries = speedQueries(run.query);
      return new Map(run.sourceKinds.map((kind) => [kind, queries] as const));
    }
    // A follow-up's own words do not stand alone ("and how do I make it fail?"): the plan resolves it.
    const base = run.history.length === 0 ? speedQueries(run.query) : [];
    if (run.chatModel.extractiveOnly) {
      const queries = mergeQueries(base, keyphraseQueries(run.query, run.history));
      return new Map(run.sourceKinds.map((kind) => [kind, queries.length ? queries : [run.query]]));
    }

    let output: string;
    try {
      const completion = await run.chatModel.complete(this.messages(run), {
        signal,
        json: true,
        temperature: 0,
      });
      output = completion.text;
    } catch (error) {
      if (signal.aborted) throw error;
      this.logger.warn(
        { requestId: run.requestId },
        `query planning failed, searching the question as given: ${(error as Error).message}`,
      );
      return withBase(asGiven, base);
    }
    const planned = parsePlan(output, run.sourceKinds);
    if (!planned) {
      this.logger.debug({ requestId: run.requestId }, 'unparsable plan, using the question');
      return withBase(asGiven, base);
    }
    return new Map(
      run.sourceKinds.map((kind) => [kind, mergeQueries(base, planned.get(kind) ?? [run.query])]),
    );
  }

  private messages(run: SearchRun): ChatMessage[] {
    const kinds = run.sourceKinds.map((kind) => `- ${kind}: ${KIND_HINTS[kind]}`).join('\n');
    const example = Object.fromEntries(run.sourceKinds.map((kind) => [kind, ['query one']]));
    const conversation = run.history
      .map((turn) => `${turn.role === 'user' ? 'User' : 'Assistant'}: ${turn.content}`)
      .join('\n');
    return [
      {
        role: 'system',
        content:
          'You write search queries. Rewrite the latest question, using the conversation for context, ' +
          'into 1 to 3 short standalone keyword queries for each source kind listed below: the key ' +
          'terms and names a search engine needs (2 to 8 words each), no filler words, different ' +
          'wordings of the need rather than repeats. Resolve pronouns and references from the ' +
          'conversation. Reply with one JSON object and nothing else, ' +
          `shaped like ${JSON.stringify({ queries: example })}.\n\nSource kinds:\n${kinds}`,
      },
      {
        role: 'user',
        content: `${conversation ? `Conversation:\n${conversation}\n\n` : ''}Latest question: ${run.query}`,
      },
    ];
  }
}

/** A question longer than this many words carries filler its key phrases leave out. */
const SHORT_QUESTION_WORDS = 5;

/**
 * Speed mode's queries: the question as the user wrote it and, when it is longer than a few words,
 * its key phrases (see keyphraseQueries), searched side by side. Engines match a sentence-long
 * question on its filler too ("best", "way", "use"); its key phrases find the pages about what it
 * asks, and the question itself what its words together name.
 */
export function speedQueries(question: string): string[] {
  const asked = question.replace(/\s+/g, ' ').trim();
  if (asked.split(' ').length <= SHORT_QUESTION_WORDS) return [asked];
  return mergeQueries([asked], keyphraseQueries(asked, []).slice(0, 1));
}

/**
 * The queries of the speed search a run's plan starts with (balanced and quality without a
 * conversation search speed's queries first), or undefined when it extends none.
 */
export function extendedSpeedQueries(run: SearchRun): string[] | undefined {
  return run.mode !== 'speed' && run.history.length === 0 ? speedQueries(run.query) : undefined;
}

/** The queries of both lists, the first list's first, each once (case aside). */
export function mergeQueries(first: readonly string[], then: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...first, ...then].filter((query) => {
    const key = query.toLowerCase();
    if (!query || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function withBase(plan: PlannedQueries, base: readonly string[]): PlannedQueries {
  return new Map([...plan].map(([kind, queries]) => [kind, mergeQueries(base, queries)]));
}

/** Reads the model's plan defensively; undefined when nothing usable is in it. */
export function parsePlan(
  output: string,
  kinds: readonly SourceKind[],
): Map<SourceKind, string[]> | undefined {
  const parsed = readModelJson(output);
  if (parsed === undefined) return undefined;
  const root =
    parsed && typeof parsed === 'object' && 'queries' in parsed
      ? (parsed as { queries: unknown }).queries
      : parsed;
  const plan = new Map<SourceKind, string[]>();
  for (const kind of kinds) {
    const value = Array.isArray(root) ? root : (root as Record<string, unknown> | null)?.[kind];
    const queries = cleanQueries(value);
    if (queries.length > 0) plan.set(kind, queries);
  }
  return plan.size > 0 ? plan : undefined;
}

function cleanQueries(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const seen = new Set<string>();
  const queries: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const query = item.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);
    if (!query || seen.has(query.toLowerCase())) continue;
    seen.add(query.toLowerCase());
    queries.push(query);
    if (queries.length === MAX_QUERIES) break;
  }
  return queries;
}
