/**
 * How much work one search does, whatever the corpus: full-text matches ranked per language (for
 * all the words and for any, see chunkSearchStatement), which bounds a query whose words are in
 * nearly every chunk; and the best text-ranked candidates per wanted result that the embeddings
 * re-rank exactly (a cosine over real[] costs about as much as ranking ten matches).
 */
export const CHUNK_SEARCH_LIMITS = {
  candidateCap: 50,
  rerankedPerResult: 2,
  maxReranked: 100,
} as const;

export function rerankedFor(maxResults: number): number {
  return Math.min(
    CHUNK_SEARCH_LIMITS.maxReranked,
    maxResults * CHUNK_SEARCH_LIMITS.rerankedPerResult,
  );
}
