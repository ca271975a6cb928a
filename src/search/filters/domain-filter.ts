/** Hosts a search keeps and drops; an entry also matches its subdomains. */
export interface DomainFilter {
  readonly allow: readonly string[];
  readonly deny: readonly string[];
}

/** Sonar's limit on search_domain_filter entries. */
export const MAX_DOMAIN_FILTER_ENTRIES = 20;

const HOST =
  /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)(\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)*$/;

export class DomainFilterError extends Error {}

/**
 * Reads Sonar's domain list: `example.com` allows, `-example.com` denies. An entry may also be a
 * URL (`https://docs.example.com/guide`): only its host counts. Throws DomainFilterError naming
 * the bad entry.
 */
export function parseDomainFilter(entries: readonly string[]): DomainFilter {
  if (entries.length > MAX_DOMAIN_FILTER_ENTRIES) {
    throw new DomainFilterError(`at most ${MAX_DOMAIN_FILTER_ENTRIES} entries are allowed`);
  }
  const allow = new Set<string>();
  const deny = new Set<string>();
  for (const entry of entries) {
    const trimmed = entry.trim();
    const denied = trimmed.startsWith('-');
    const host = hostOf(denied ? trimmed.slice(1) : trimmed);
    if (!host) throw new DomainFilterError(`"${entry}" is not a domain name`);
    (denied ? deny : allow).add(host);
  }
  return { allow: [...allow], deny: [...deny] };
}

/** True when the URL's host passes: not denied, and allowed when an allow list exists. */
export function domainAllows(filter: DomainFilter, url: string): boolean {
  const host = urlHost(url);
  if (filter.deny.some((domain) => host !== undefined && matches(host, domain))) return false;
  if (filter.allow.length === 0) return true;
  return host !== undefined && filter.allow.some((domain) => matches(host, domain));
}

function matches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function hostOf(entry: string): string | undefined {
  const text = entry.toLowerCase();
  if (!text) return undefined;
  const host = /^[a-z][a-z0-9+.-]*:\/\//.test(text) ? urlHost(text) : text.split(/[/?#]/, 1)[0];
  const bare = host?.replace(/\.$/, '');
  return bare && HOST.test(bare) && bare.includes('.') ? bare : undefined;
}

function urlHost(url: string): string | undefined {
  try {
    const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    return host || undefined;
  } catch {
    return undefined;
  }
}
