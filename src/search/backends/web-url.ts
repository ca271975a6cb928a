/**
 * The one check every address claimed to come from the web passes (results of SearxNG or the search
 * sibling, cached results, pictures, pages to read): an absolute http(s) URL, else undefined. A
 * protocol-relative address (//host/path, as SearxNG sometimes gives) is taken as https. Local
 * documents are Quarry's own (file:// or LOCAL_DOCS_BASE_URL) and do not come through here.
 */
export function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.startsWith('//') ? `https:${value}` : value;
  return /^https?:\/\/[^/\s]/i.test(url) && URL.canParse(url) ? url : undefined;
}
