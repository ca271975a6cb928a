/* eslint-disable @typescript-eslint/no-require-imports -- linkedom is loaded on first use, see below */

type ParsedHtml = ReturnType<typeof import('linkedom').parseHTML>;

/**
 * linkedom's parseHTML, loaded on the first page or HTML document read: linkedom and its parser and
 * CSS libraries are a few MiB of resident memory that a service reading no pages never needs.
 */
export function parseHtml(html: string): ParsedHtml {
  const { parseHTML } = require('linkedom') as typeof import('linkedom');
  const parsed = parseHTML(html);
  return losesText(parsed.document) ? parseHTML(inBody(html, parsed.document.title)) : parsed;
}

/**
 * linkedom reads only a whole document: a fragment ("<p>…</p>", what DOCX conversion gives) or a
 * page that leaves out <body> becomes an element holding an empty body, and its text is lost.
 */
function losesText(document: ParsedHtml['document']): boolean {
  // Without a root element linkedom's body and head getters throw; there is no text to lose.
  const root = document.documentElement as { textContent: string | null } | null;
  if (!root || document.body?.firstChild) return false;
  return (root.textContent?.trim().length ?? 0) > (document.head?.textContent?.trim().length ?? 0);
}

/** The HTML as the body of a document, with the title the first reading found. */
function inBody(html: string, title: string): string {
  const escaped = title.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return `<!doctype html><html><head><title>${escaped}</title></head><body>${html}</body></html>`;
}
