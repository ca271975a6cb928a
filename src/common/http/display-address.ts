/**
 * A configured URL as it may be shown in a log line: scheme, host, port and path, without the
 * credentials or query string it may carry (redis://:password@host, ?token=...).
 */
export function displayAddress(configured: string): string {
  try {
    const url = new URL(configured);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(invalid URL)';
  }
}
