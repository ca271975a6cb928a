import type { SearchSource } from '../search-run';
import type { Candidate } from './candidate';
import { normalizeUrl } from './url-normalizer';

/** Passages of one address joined into its source, best first: enough to read, few enough to fit. */
const PASSAGES_PER_SOURCE = 3;

/**
 * The sources of ranked passages, as people read the list: one per address (its `#fragment`
 * included: a FAQ answer or a manual section is an entry of its own), the passages of an address
 * joined best first, in the order of each address's best passage, at most `wanted` of them.
 */
export function sourcesByUrl(ranked: readonly Candidate[], wanted: number): SearchSource[] {
  const byUrl = new Map<string, { candidate: Candidate; parts: string[] }>();
  for (const passage of ranked) {
    const key = normalizeUrl(passage.url);
    const entry = byUrl.get(key);
    if (entry) {
      const text = passage.snippet.trim();
      if (entry.parts.length < PASSAGES_PER_SOURCE && text && !entry.parts.includes(text)) {
        entry.parts.push(text);
      }
    } else if (byUrl.size < wanted) {
      byUrl.set(key, { candidate: passage, parts: [passage.snippet.trim()].filter(Boolean) });
    }
  }
  return [...byUrl.values()].map(({ candidate, parts }) => toSource(candidate, parts.join('\n\n')));
}

function toSource(candidate: Candidate, content: string): SearchSource {
  return {
    title: candidate.title,
    url: candidate.url,
    content: content || candidate.title,
    kind: candidate.kind,
    ...(candidate.publishedDate ? { publishedDate: candidate.publishedDate } : {}),
  };
}
