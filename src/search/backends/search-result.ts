/** One hit of a search backend, before ranking. */
export interface SearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
  /** ISO date from the backend (SearxNG publishedDate), when it gives one. */
  readonly publishedDate?: string;
  /** Image and video results (SearxNG's images and videos categories): the picture itself. */
  readonly imgSrc?: string;
  /** A smaller picture: SearxNG's thumbnail_src (images) or thumbnail (videos). */
  readonly thumbnailSrc?: string;
  /** An embeddable player address, as SearxNG gives it for videos (YouTube results have one). */
  readonly iframeSrc?: string;
}
