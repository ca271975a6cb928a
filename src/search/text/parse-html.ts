/* eslint-disable @typescript-eslint/no-require-imports -- linkedom is loaded on first use, see below */

/**
 * linkedom's parseHTML, loaded on the first page or HTML document read: linkedom and its parser and
 * CSS libraries are a few MiB of resident memory that a service reading no pages never needs.
 */
export function parseHtml(html: string): ReturnType<typeof import('linkedom').parseHTML> {
  return (require('linkedom') as typeof import('linkedom')).parseHTML(html);
}
