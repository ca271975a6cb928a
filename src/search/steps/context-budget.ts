import type { HistoryTurn, SearchSource } from '../search-run';

/** About four characters per token for English text; good enough to stay under a context limit. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Framing the numbered-sources format adds per source ("[n] title\nURL: ...\n"). */
const PER_SOURCE_OVERHEAD = 12;
/** A source cut below this many tokens is not worth giving. */
const MIN_SOURCE_TOKENS = 40;

export interface BudgetedContext {
  readonly history: readonly HistoryTurn[];
  readonly sources: SearchSource[];
}

/**
 * Fits the prompt into the token budget: the fixed parts (instructions, question), the most recent
 * history (at most half the budget), then the sources, which share the rest (sharedOut) so that one
 * long excerpt cannot crowd out the sources after it.
 */
export function fitContext(
  budgetTokens: number,
  fixedText: string,
  history: readonly HistoryTurn[],
  sources: readonly SearchSource[],
): BudgetedContext {
  let remaining = budgetTokens - estimateTokens(fixedText);
  const keptHistory: HistoryTurn[] = [];
  const historyBudget = Math.max(0, Math.floor(budgetTokens / 2) - (budgetTokens - remaining));
  let historyUsed = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const cost = estimateTokens(history[i].content) + 4;
    if (historyUsed + cost > historyBudget) break;
    historyUsed += cost;
    keptHistory.unshift(history[i]);
  }
  remaining -= historyUsed;
  return { history: keptHistory, sources: sharedOut(remaining, sources) };
}

/**
 * The best sources that fit `budget` tokens: each whole when within an equal share (what short ones
 * leave goes to the others), else cut to it; the lowest-ranked left out while shares are below
 * MIN_SOURCE_TOKENS.
 */
function sharedOut(budget: number, sources: readonly SearchSource[]): SearchSource[] {
  const overheads = sources.map(
    (source) => PER_SOURCE_OVERHEAD + estimateTokens(source.title + source.url),
  );
  const lengths = sources.map((source) => estimateTokens(source.content));
  for (let count = sources.length; count > 0; count--) {
    const room = budget - overheads.slice(0, count).reduce((sum, tokens) => sum + tokens, 0);
    const share = shareOf(room, lengths.slice(0, count));
    if (share === undefined) return sources.slice(0, count);
    if (share < MIN_SOURCE_TOKENS) continue;
    return sources
      .slice(0, count)
      .map((source, i) =>
        lengths[i] <= share ? source : { ...source, content: cutAtWord(source.content, share * 4) },
      );
  }
  return [];
}

/**
 * The most tokens each text may keep so that all of them fit `room` (each keeps its whole length
 * when shorter), or undefined when they all fit whole.
 */
function shareOf(room: number, lengths: readonly number[]): number | undefined {
  if (lengths.reduce((sum, tokens) => sum + tokens, 0) <= room) return undefined;
  const ascending = [...lengths].sort((a, b) => a - b);
  let left = room;
  for (let i = 0; i < ascending.length; i++) {
    const even = Math.floor(left / (ascending.length - i));
    if (ascending[i] > even) return Math.max(0, even);
    left -= ascending[i];
  }
  return undefined;
}

function cutAtWord(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const space = text.lastIndexOf(' ', maxChars - 1);
  let cut = space > maxChars / 2 ? space : maxChars - 1;
  // Not between the two halves of a character outside the BMP (an emoji, a rare CJK character).
  if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? '')) cut--;
  return `${text.slice(0, cut)}…`;
}
