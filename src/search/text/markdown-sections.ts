import type { TextSection } from './html-sections';

export interface MarkdownDocumentText {
  readonly title: string;
  readonly sections: TextSection[];
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;

/** Splits Markdown at its ATX headings (ignoring '#' lines inside code fences); title is the first H1. */
export function markdownSections(markdown: string): MarkdownDocumentText {
  const sections: TextSection[] = [];
  let title = '';
  let heading = '';
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (text) sections.push({ heading, text });
    lines = [];
  };
  for (const line of markdown.replace(/^---\n[\s\S]*?\n---\n/, '').split(/\r?\n/)) {
    if (FENCE.test(line)) inFence = !inFence;
    const match = inFence ? null : HEADING.exec(line);
    if (match) {
      flush();
      heading = match[2].replace(/[`*_]/g, '');
      if (!title && match[1].length === 1) title = heading;
      continue;
    }
    lines.push(line);
  }
  flush();
  return { title, sections };
}
