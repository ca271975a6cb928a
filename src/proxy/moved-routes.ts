/** Paths of Perplexica's own API that Quarry's siblings serve under /api/v1, by their new prefix. */
export const MOVED_ROUTES: ReadonlyArray<{
  readonly path: string;
  readonly servedAt: string;
  readonly sibling: string;
}> = [
  { path: '/api/discover', servedAt: '/api/v1/discover', sibling: 'discover' },
  { path: '/api/chats', servedAt: '/api/v1/library', sibling: 'library' },
];
