import { parseHtml } from './parse-html';

/** A run of text under one heading; heading is '' before the first heading. */
export interface TextSection {
  readonly heading: string;
  readonly text: string;
}

export interface HtmlDocumentText {
  readonly title: string;
  readonly sections: TextSection[];
}

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'HEAD']);
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const BLOCKS = new Set([
  'P', 'DIV', 'LI', 'UL', 'OL', 'TR', 'TABLE', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER',
  'ASIDE', 'NAV', 'PRE', 'BLOCKQUOTE', 'DD', 'DT', 'DL', 'FIGURE', 'FIGCAPTION', 'BR', 'HR', 'TD', 'TH',
]); // prettier-ignore

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
  getAttribute?(name: string): string | null;
}

/** A permalink's text: a glyph (¶, §, #, 🔗) or nothing, never a word. */
const PERMALINK_TEXT = /^[^\p{L}\p{N}]{0,2}$/u;

/**
 * A link to a place in its own page shown as a glyph: the permalink documentation generators put
 * after headings and definitions (Sphinx's and MkDocs' `¶`, Apache's manual). Its glyph is not text.
 */
function isPermalink(node: DomNode, name: string): boolean {
  return (
    name === 'A' &&
    (node.getAttribute?.('href') ?? '').startsWith('#') &&
    PERMALINK_TEXT.test((node.textContent ?? '').trim())
  );
}

/**
 * Readable text of an HTML document split at its headings. textContent alone runs block elements
 * together ("Title</h1><p>Text" becomes "TitleText"), so block boundaries become line breaks here.
 */
export function htmlSections(html: string): HtmlDocumentText {
  const { document } = parseHtml(html);
  // Markup that makes no element (a run of unclosed tags) has no text; linkedom's getters throw.
  if (!document.documentElement) return { title: '', sections: [] };
  const title = (document.title || document.querySelector('h1')?.textContent || '').trim();
  const root = (document.body ?? document.documentElement) as unknown as DomNode | null;
  return { title: collapse(title), sections: root ? sectionsOf(root) : [] };
}

/** The sections of an already parsed element (used on Readability's article content). */
export function sectionsOf(root: DomNode): TextSection[] {
  const sections: TextSection[] = [];
  let heading = '';
  let parts: string[] = [];
  const flush = () => {
    const text = tidy(parts.join(''));
    if (text) sections.push({ heading, text });
    parts = [];
  };
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      parts.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
    const name = node.nodeName.toUpperCase();
    if (SKIPPED.has(name)) return;
    if (isPermalink(node, name)) return;
    if (HEADINGS.has(name)) {
      flush();
      heading = collapse(textOf(node));
      return;
    }
    const block = BLOCKS.has(name);
    if (block) parts.push('\n');
    // Sibling links, not childNodes: linkedom builds a new childNodes list on every access, which
    // made a 1.8 MB page (28k elements) take minutes.
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
    if (block) parts.push('\n');
  };
  walk(root);
  flush();
  return sections;
}

/** The text of an element, its permalinks left out. */
function textOf(node: DomNode): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (isPermalink(node, node.nodeName.toUpperCase())) return '';
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) text += textOf(child);
  return text;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Collapses spaces within lines and keeps at most one blank line between paragraphs. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
