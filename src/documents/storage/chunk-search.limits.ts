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
  /**
   * The local source of POST /api/search and /v1/chat/completions looks further: it stands in
   * for the in-memory index of LOCAL_DOCS_DIR, which ranked every match (test/grounding's local
   * recall was 0.51 with 50 candidates, at least 0.8 with this).
   */
  localSourceCandidateCap: 1000,
} as const;

export function rerankedFor(maxResults: number): number {
  return Math.min(
    CHUNK_SEARCH_LIMITS.maxReranked,
    maxResults * CHUNK_SEARCH_LIMITS.rerankedPerResult,
  );
}
