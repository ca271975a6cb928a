/** One hit of a search backend, before ranking. */
export interface SearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
  /** ISO date from the backend (SearxNG publishedDate), when it gives one. */
  readonly publishedDate?: string;
}
