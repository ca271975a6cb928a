import { NOTHING_RELEVANT, NO_SOURCES } from '../src/providers/builtin/extractive-chat.model';
import { NO_SOURCES_MESSAGE } from '../src/search/steps/answer-writer.step';

/** Sources counted per answer: what a reader sees first. */
export const CUTOFF = 8;

/**
 * "Answered nothing found": the answer is one of the fixed no-answer sentences: the pipeline's
 * own (no source survived retrieval and the relevance floor) or the built-in model's (sources
 * were given but none of their sentences answers the question, or none were given). These are
 * exact sentences, so the test cannot be fooled by an answer that merely mentions "nothing".
 */
const NOTHING_FOUND = [
  NO_SOURCES_MESSAGE,
  ...Object.values(NOTHING_RELEVANT),
  ...Object.values(NO_SOURCES),
];

export function saysNothingFound(message: string): boolean {
  const text = message.trim();
  return NOTHING_FOUND.some((sentence) => text.startsWith(sentence));
}

/**
 * Documents in the order the sources show them: the first `cutoff` sources, each mapped to its
 * document, repeats of a document (several passages of one page) counted once.
 */
export function rankedDocs(docIds: ReadonlyArray<string | undefined>, cutoff = CUTOFF): string[] {
  const seen = new Set<string>();
  for (const id of docIds.slice(0, cutoff)) if (id) seen.add(id);
  return [...seen];
}

export function recallAt(docs: readonly string[], relevant: readonly string[]): number {
  if (relevant.length === 0) return 0;
  return relevant.filter((id) => docs.includes(id)).length / relevant.length;
}

/** Binary-gain nDCG over the ranked documents, ideal = all relevant documents first. */
export function ndcgAt(docs: readonly string[], relevant: readonly string[]): number {
  if (relevant.length === 0) return 0;
  const wanted = new Set(relevant);
  let dcg = 0;
  docs.slice(0, CUTOFF).forEach((id, i) => {
    if (wanted.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant.length, CUTOFF); i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}

/** Citation markers [n] of an answer: how many there are and how many point at a returned source. */
export function citationMarkers(
  message: string,
  sourceCount: number,
): { total: number; valid: number } {
  let total = 0;
  let valid = 0;
  for (const match of message.matchAll(/\[(\d+)\]/g)) {
    total++;
    const n = Number(match[1]);
    if (n >= 1 && n <= sourceCount) valid++;
  }
  return { total, valid };
}
