/* eslint-disable @typescript-eslint/no-require-imports -- linkedom is loaded on first use, see below */

/**
 * linkedom's parseHTML, loaded on the first page or HTML document read: linkedom and its parser and
 * CSS libraries are a few MiB of resident memory that a service reading no pages never needs.
 */
export function parseHtml(html: string): ReturnType<typeof import('linkedom').parseHTML> {
  return (require('linkedom') as typeof import('linkedom')).parseHTML(asDocument(html));
}

/**
 * linkedom reads only a whole document: a fragment ("<p>…</p>", what DOCX conversion gives) or a
 * page that leaves out <body> becomes an element holding an empty body, and its text is lost.
 * Such HTML is put in a body, after its head when it has one.
 */
function asDocument(html: string): string {
  if (/<body[\s>]/i.test(html)) return html;
  const head = /<head[\s>][\s\S]*?<\/head>/i.exec(html);
  const rest = head ? html.slice(head.index + head[0].length) : html;
  const body = rest.replace(/<!doctype[^>]*>|<\/?html(?:\s[^>]*)?>/gi, '');
  return `<!doctype html><html>${head?.[0] ?? ''}<body>${body}</body></html>`;
}
