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
 * Fits the prompt into the token budget: the fixed parts first (instructions, question), then the
 * most recent history (at most half the budget), then sources best first, the last one cut to fit.
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

  const kept: SearchSource[] = [];
  for (const source of sources) {
    const overhead = PER_SOURCE_OVERHEAD + estimateTokens(source.title + source.url);
    const cost = overhead + estimateTokens(source.content);
    if (cost <= remaining) {
      kept.push(source);
      remaining -= cost;
      continue;
    }
    const room = remaining - overhead;
    if (room >= MIN_SOURCE_TOKENS)
      kept.push({ ...source, content: cutAtWord(source.content, room * 4) });
    break;
  }
  return { history: keptHistory, sources: kept };
}

function cutAtWord(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.lastIndexOf(' ', maxChars - 1);
  return `${text.slice(0, cut > maxChars / 2 ? cut : maxChars - 1)}…`;
}
