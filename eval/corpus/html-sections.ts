import { parseHTML } from 'linkedom';

/** One page, or one entry of a page (an FAQ answer, a manual section) with its own anchor. */
export interface HtmlSection {
  /** The anchor of the entry inside its page ("q12"), absent for a whole page. */
  readonly fragment?: string;
  readonly title: string;
  readonly headings: readonly string[];
  readonly text: string;
  readonly html: string;
}

const BLOCK_END = /<\/(p|div|li|dt|dd|h\d|tr|td|th|pre|blockquote)>|<br\s*\/?>/gi;
const DROPPED = 'script, style, nav, header, footer, .navheader, .navfooter, .nav-panel, #toc';

/** Title, headings and readable text of an HTML page or fragment. */
export function readHtml(html: string, fragment?: string): HtmlSection {
  // Block elements end a line, so words of adjacent cells or paragraphs do not run together.
  const spaced = html.replace(BLOCK_END, '$& ');
  const { document } = parseHTML(
    /<html/i.test(spaced) ? spaced : `<!doctype html><html><body>${spaced}</body></html>`,
  );
  const pageTitle = squash(document.querySelector('title')?.textContent ?? '');
  for (const node of [...document.querySelectorAll(DROPPED)]) node.remove();
  const headings = [...document.querySelectorAll('h1, h2, h3, h4, dt')]
    .map((h) => squash(h.textContent ?? ''))
    .filter((h) => h.length > 0);
  const body = document.body ?? document.documentElement;
  const entryTitle = fragment
    ? (headings[0] ?? squash(body.querySelector('b, strong')?.textContent ?? ''))
    : undefined;
  return {
    ...(fragment ? { fragment } : {}),
    title: entryTitle || pageTitle || headings[0] || '',
    headings,
    text: squash(body.textContent ?? ''),
    html,
  };
}

/**
 * Splits a page into entries at each match of `boundary`; the entry's anchor is the boundary's
 * first group, or else the first element id inside the entry (an FAQ whose anchor sits on the
 * answer). What comes before the first match (header, table of contents) is dropped, and so is
 * an entry without an anchor.
 */
export function splitHtml(html: string, boundary: RegExp): HtmlSection[] {
  const flags = boundary.flags.includes('g') ? boundary.flags : `${boundary.flags}g`;
  const starts = [...html.matchAll(new RegExp(boundary.source, flags))];
  return starts.flatMap((match, i) => {
    const end = i + 1 < starts.length ? starts[i + 1].index : html.length;
    const entry = html.slice(match.index, end);
    const anchor = match[1] ?? /\bid="([^"]+)"/.exec(entry)?.[1];
    return anchor ? [readHtml(entry, anchor)] : [];
  });
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
