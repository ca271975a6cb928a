const TRACKING_PARAMS = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref|ref_src)$/i;

/**
 * The form of a URL used to spot the same page reached through different links: lower-case host
 * without www., no fragment, no tracking parameters, no trailing slash, sorted query.
 */
export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.trim();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return url.href;
  const query = url.search ? normalizedQuery(url.searchParams) : '';
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${port}${path}${query ? `?${query}` : ''}`;
}

/** The query without tracking parameters, sorted by name. */
function normalizedQuery(searchParams: URLSearchParams): string {
  const params = [...searchParams.entries()]
    .filter(([name]) => !TRACKING_PARAMS.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(params).toString();
}
