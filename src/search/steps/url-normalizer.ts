const TRACKING_PARAMS = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref|ref_src)$/i;

/**
 * The form of a URL used to spot the same entry reached through different links: lower-case host
 * without www., no tracking parameters, no trailing slash, sorted query. The fragment is kept: a
 * backend returns each FAQ answer or manual section (`page#answer`) with its own text, so entries
 * of one page that differ by fragment are different results, not repeats.
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
  const fragment = url.hash.length > 1 ? url.hash : '';
  return `${host}${port}${path}${query ? `?${query}` : ''}${fragment}`;
}

/** The query without tracking parameters, sorted by name. */
function normalizedQuery(searchParams: URLSearchParams): string {
  const params = [...searchParams.entries()]
    .filter(([name]) => !TRACKING_PARAMS.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(params).toString();
}
